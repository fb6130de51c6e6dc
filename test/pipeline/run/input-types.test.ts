import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIO_EXTENSIONS, INPUT_TYPES, inputTypesMarkdown } from '../../../src/pipeline/run/input-types.js';

describe('the table of accepted files', () => {
  it('is what the README lists between its input-types markers (node scripts/gen-config.mjs regenerates it)', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
    const found = /<!-- input-types:start -->\n([\s\S]*?)<!-- input-types:end -->/.exec(readme);
    expect(found?.[1]).toBe(inputTypesMarkdown());
  });

  it('holds each extension once, lowercase, without a dot', () => {
    const all = INPUT_TYPES.flatMap((row) => row.extensions);
    expect(all.length).toBe(AUDIO_EXTENSIONS.size);
    for (const ext of all) expect(ext).toMatch(/^[a-z0-9]+$/);
  });
});
