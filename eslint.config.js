import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Everything .gitignore names is generated (the build, `npm run demo`'s out/ and samples/speech/,
  // bench output, test and run leftovers) and never linted: test/lint.e2e.test.ts keeps the two in step.
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
      // Lines of code and comments stay readable side by side; a long string, template, regex or URL is left whole.
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
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
    // The QA report page and the review page: browser modules, type-checked with the DOM
    // (tsconfig.pages.json) and bundled into one script each (scripts/build-pages.mjs).
    files: ['src/report/page/**/*.ts', 'src/review/page/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: ['./tsconfig.pages.json'], tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'performance', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'AbortController', 'fetch']
          .map((name) => [name, 'readonly']),
      ),
    },
  },
);
