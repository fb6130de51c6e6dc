import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIO_EXTENSIONS, FORMATS, formatsMarkdown } from '../../src/pipeline/formats.js';

describe('the table of accepted files', () => {
  it('is what the README lists between its formats markers (node scripts/gen-config.mjs regenerates it)', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const found = /<!-- formats:start -->\n([\s\S]*?)<!-- formats:end -->/.exec(readme);
    expect(found?.[1]).toBe(formatsMarkdown());
  });

  it('holds each extension once, lowercase, without a dot', () => {
    const all = FORMATS.flatMap((row) => row.extensions);
    expect(all.length).toBe(AUDIO_EXTENSIONS.size);
    for (const ext of all) expect(ext).toMatch(/^[a-z0-9]+$/);
  });
});
