import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KEYS, defaultValues } from '../../src/config/keys.js';
import { loadRunOptions } from '../../src/config/load.js';
import { configReferenceMarkdown, defaultConfigFile, generateConfigSchema } from '../../src/config/schema.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (name: string): string => readFileSync(join(root, name), 'utf8');

describe('committed config files', () => {
  it('pipeline.config.schema.json equals generateConfigSchema()', () => {
    expect(JSON.parse(read('pipeline.config.schema.json'))).toEqual(generateConfigSchema());
  });

  it('pipeline.config.json is the default config file, lists every key and loads to the defaults', () => {
    expect(JSON.parse(read('pipeline.config.json'))).toEqual(defaultConfigFile());
    expect(Object.keys(defaultConfigFile())).toEqual(['$schema', ...KEYS.map((spec) => spec.key)]);
    expect(defaultConfigFile()).toMatchObject({ baseUrl: null, padMs: null, padBeforeMs: 0, transcodeConcurrency: null });
    const fromFile = loadRunOptions({ flags: {}, env: {}, cwd: root, configPath: 'pipeline.config.json', inputDir: 'in', outDir: 'out' });
    const { inputDir: _i, outDir: _o, ...rest } = fromFile;
    expect(rest).toEqual(defaultValues(join(root, 'out')));
  });

  it('the schema describes every key with a description and no extra properties', () => {
    const schema = generateConfigSchema() as {
      properties: Record<string, { description?: string; default?: unknown }>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties)).toEqual(['$schema', ...KEYS.map((spec) => spec.key)]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties['mode']).toEqual({
      type: 'string', enum: ['word', 'phrase'], default: 'word',
      description: 'One clip per word or per phrase. Environment: DICTCLIP_MODE; flag --mode.',
    });
    expect(schema.properties['concurrency']).toMatchObject({ type: 'integer', minimum: 1, maximum: 64, default: 4 });
    expect(schema.properties['transcodeConcurrency']?.default).toBeUndefined();
  });
});

describe('configReferenceMarkdown', () => {
  it('has one row per key', () => {
    const lines = configReferenceMarkdown().trimEnd().split('\n');
    expect(lines.length).toBe(KEYS.length + 2);
    expect(lines).toContain(
      '| `padBeforeMs` | `DICTCLIP_PAD_BEFORE_MS` | `--pad-before-ms <n>` | `0` | clips | Padding before each clip, ms (clamped at the midpoint to the neighbour and the audio unless padMode is overlap). Range 0–10000. |',
    );
    expect(lines).toContain('| `quiet` | `DICTCLIP_QUIET` | `--quiet` | `false` | —, CLI only | No progress output; only errors are printed. |');
    expect(lines).toContain('| `markers` | `DICTCLIP_MARKERS` | `--markers <method>` | `\'new\'` | dictation | How word markers are obtained: new (wordMarkers), old (statistics pairs) or websocket. One of `new`, `old`, `websocket`. |');
    expect(lines).toContain(
      '| `keepPunctuation` | `DICTCLIP_KEEP_PUNCTUATION` | `--keep-punctuation` | `false` | clips | Word mode: also cut punctuation markers. |',
    );
  });

  it('matches the README section between the config-reference markers', () => {
    const readme = existsSync(join(root, 'README.md')) ? read('README.md') : '';
    const found = /<!-- config-reference:start -->\n([\s\S]*?)<!-- config-reference:end -->/.exec(readme);
    // The only conditional: the integrator adds the markers to the README.
    expect(found, 'README.md lost its config-reference markers').not.toBeNull();
    expect(found?.[1]?.trim()).toBe(configReferenceMarkdown().trim());
  });
});
