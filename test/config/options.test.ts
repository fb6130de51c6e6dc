/** The options types are derived from the key table, their docs generated from it. */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { optionDocsSource } from '../../src/config/docs-source.js';
import { KEYS, type CliKey, type ConfigKey, type KeyValues, type LibraryKey, type OptionValue } from '../../src/config/keys.js';
import type { ClipOptions, DictationOptions, ResolvedRunOptions, RunOptions } from '../../src/config/options.js';
import type { LoadedRunOptions } from '../../src/config/load.js';
import type { MarkerMethod, MarkerUnit } from '../../src/markers/model.js';
import type { PadMode } from '../../src/markers/padding.js';
import type { ClipMode } from '../../src/markers/plan.js';

describe('options derived from the key table', () => {
  it('src/config/run-options.ts is generated from the table (node scripts/gen-config.mjs)', () => {
    expect(readFileSync(new URL('../../src/config/run-options.ts', import.meta.url), 'utf8')).toBe(optionDocsSource());
    const documented = [...optionDocsSource().matchAll(/readonly (\w+)\?:/g)].map((m) => m[1]).filter((key) => key !== 'credentials');
    expect(documented).toEqual(KEYS.filter((spec) => spec.appliesTo === 'library').map((spec) => spec.key));
    expect(optionDocsSource()).toContain("   * @default 'nvoq'\n   */\n  readonly factoryScope?: string;");
    expect(optionDocsSource()).toContain("   * @default 'clamp'\n   */\n  readonly padMode?: 'clamp' | 'overlap';");
  });

  it('RunOptions has every library key and no CLI-only one; the CLI loads both', () => {
    // The generated field types are the ones derived from the rows (a key added without regenerating fails here).
    expectTypeOf<Required<Omit<RunOptions, 'inputDir' | 'outDir' | 'credentials'>>>().toEqualTypeOf<KeyValues<LibraryKey>>();
    expectTypeOf<keyof RunOptions>().toEqualTypeOf<LibraryKey | 'inputDir' | 'outDir' | 'credentials'>();
    expectTypeOf<CliKey>().toEqualTypeOf<'padMs' | 'supercut' | 'supercutGapMs' | 'supercutAudioOnly' | 'quiet' | 'report'>();
    expectTypeOf<RunOptions>().not.toHaveProperty('quiet');
    expectTypeOf<RunOptions>().not.toHaveProperty('report');
    expectTypeOf<LoadedRunOptions['quiet']>().toEqualTypeOf<boolean>();
    expectTypeOf<LoadedRunOptions['supercut']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Exclude<ConfigKey, LibraryKey | CliKey>>().toEqualTypeOf<never>();
  });

  it('takes each value type from the row: enums as their values, unset defaults as undefined, computed ones never', () => {
    expectTypeOf<OptionValue<'markers'>>().toEqualTypeOf<MarkerMethod>();
    expectTypeOf<OptionValue<'markerUnit'>>().toEqualTypeOf<MarkerUnit>();
    expectTypeOf<OptionValue<'mode'>>().toEqualTypeOf<ClipMode>();
    expectTypeOf<OptionValue<'padMode'>>().toEqualTypeOf<PadMode>();
    expectTypeOf<RunOptions['mode']>().toEqualTypeOf<ClipMode | undefined>();
    expectTypeOf<ResolvedRunOptions['baseUrl']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ResolvedRunOptions['find']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<ResolvedRunOptions['concurrency']>().toEqualTypeOf<number>();
    expectTypeOf<ResolvedRunOptions['transcodeConcurrency']>().toEqualTypeOf<number>();
    expectTypeOf<ResolvedRunOptions['workDir']>().toEqualTypeOf<string>();
    expectTypeOf<ResolvedRunOptions['align']>().toEqualTypeOf<'text' | 'acoustic' | undefined>();
    expectTypeOf<ResolvedRunOptions['keepPunctuation']>().toEqualTypeOf<boolean>();
  });

  it('gives each stage the part it uses: the clip and dictation options are the keys that affect them', () => {
    expectTypeOf<keyof ClipOptions>().toEqualTypeOf<Extract<LibraryKey, 'transcripts' | 'align' | 'mode' | 'padBeforeMs' | 'padAfterMs' | 'padMode' |
      'fadeMs' | 'maxGapMs' | 'maxPhraseMs' | 'keepPunctuation' | 'match' | 'minDurationMs' | 'maxDurationMs' | 'minCharsPerSecond' |
      'maxCharsPerSecond' | 'find' | 'contextWords' | 'clipSource' | 'snapMs' | 'confidenceThreshold'>>();
    expectTypeOf<DictationOptions>().toHaveProperty('uploadFormat');
    expectTypeOf<DictationOptions>().not.toHaveProperty('concurrency');
  });
});
