import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Everything .gitignore names is generated (the build, `npm run demo`'s out/ and samples/speech/,
  // bench output, test and run leftovers) and never linted: test/lint.test.ts keeps the two in step.
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/coverage/**', '**/*.log', 'out/**', 'work-tmp/**', 'samples/speech/**',
      'bench/out/**', '**/.dictclip-work/**', '**/test-artifacts/**', 'svc/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'exit', message: 'process.exit belongs in src/cli only.' }],
      'prefer-promise-reject-errors': 'error',
      'no-throw-literal': 'error',
    },
  },
  { files: ['src/cli/**', 'bench/**', 'test/**', 'scripts/**'], rules: { 'no-restricted-properties': 'off' } },
  {
    // Promise mistakes need type information: checked in src/ with the project's tsconfig.
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The QA report page and the review page: classic browser scripts (file:// allows no modules;
    // the review page shares the report's scripts).
    files: ['src/report/page/**/*.js', 'src/review/page/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        ['window', 'document', 'atob', 'performance', 'IntersectionObserver', 'setTimeout', 'clearTimeout', 'fetch'].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ignores: ['src/report/page/**', 'src/review/page/**'],
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'performance', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'AbortController', 'fetch']
          .map((name) => [name, 'readonly']),
      ),
    },
  },
);
