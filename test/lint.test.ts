/** The lint setup: promise mistakes are checked with type information in src/ (see eslint.config.js). */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/index.js';

describe('eslint config', () => {
  it('checks src/ for floating and misused promises with the project service', async () => {
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile('src/pipeline/run.ts')) as {
      rules: Record<string, unknown[]>;
      languageOptions: { parserOptions: { projectService?: unknown } };
    };
    expect(config.rules['@typescript-eslint/no-floating-promises']?.[0]).toBe(2);
    expect(config.rules['@typescript-eslint/no-misused-promises']?.[0]).toBe(2);
    expect(config.languageOptions.parserOptions.projectService).toBe(true);
  });
});
