/** The lint setup: promise mistakes are checked with type information in src/ (see eslint.config.js). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/index.js';

/** A file path each .gitignore pattern covers (at the top, and one folder down when unanchored). */
function ignoredExamples(pattern: string): string[] {
  const dir = pattern.endsWith('/');
  const body = pattern.replace(/^\//, '').replace(/\/$/, '').replaceAll('*', 'x');
  const anchored = pattern.startsWith('/') || body.includes('/');
  const path = dir ? `${body}/report/report.js` : body;
  return anchored ? [path] : [path, `test/${path}`];
}

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

  it('lints nothing git ignores: `npm run demo` then `npm test` finds no generated file (out/report/*.js)', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const patterns = readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n').map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(patterns).toContain('/out/');
    const examples = patterns.flatMap(ignoredExamples);
    const linted = [];
    for (const path of examples) if (!(await eslint.isPathIgnored(path))) linted.push(path);
    expect(linted).toEqual([]);
    expect(await eslint.isPathIgnored('src/report/page/main.ts')).toBe(false);
  });
});
