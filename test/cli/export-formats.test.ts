/** One parser for format lists: `export --format` and `run --export` take lists and `all` alike. */
import { describe, expect, it } from 'vitest';
import { parseFormats, takeRunExports } from '../../src/cli/commands/export.js';
import { isDictclipError } from '../../src/errors.js';

const ALL = ['hf', 'nemo', 'ljspeech', 'kaldi', 'lhotse', 'webdataset'];

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isDictclipError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('expected a usage error');
}

describe('parseFormats', () => {
  it('takes one format, a comma-separated list (repeats dropped, order kept) or all', () => {
    expect(parseFormats('hf', '--format')).toEqual(['hf']);
    expect(parseFormats(' nemo, hf ,nemo', '--format')).toEqual(['nemo', 'hf']);
    expect(parseFormats('all', '--format')).toEqual(ALL);
    expect(parseFormats('hf,all', '--format')).toEqual(ALL);
  });

  it('refuses an unknown name or an empty list as a usage error naming the flag', () => {
    expect(usage(() => parseFormats('hf,tfrecord', '--format'))).toMatch(/^E_USAGE: --format: unknown format "tfrecord"; the formats are hf, nemo, ljspeech, kaldi, lhotse, webdataset \(or all\)$/);
    expect(usage(() => parseFormats(' , ', 'dictclip run: --export'))).toMatch(/^E_USAGE: dictclip run: --export needs at least one format/);
  });

  it('is the parser of run --export too', () => {
    const { rest, exports } = takeRunExports(['in', '--export', 'all', '--split', 'train=90,validation=10'], '/tmp');
    expect(rest).toEqual(['in']);
    expect(exports).toBeDefined();
    expect(() => exports?.check('/tmp/run')).not.toThrow();
  });

  it('takes run --export\'s confidence and flag filters out of run\'s arguments and hands them to the export', () => {
    const args = ['in', '--export', 'hf', '--min-confidence', '0.4', '--exclude-flags', 'low-confidence', '--exclude-flags=unaligned,cut-edge', '--exclude-flagged', '-o', 'out'];
    const { rest, exports } = takeRunExports(args, '/tmp');
    expect(rest).toEqual(['in', '-o', 'out']);
    expect(() => exports?.check('/tmp/run')).not.toThrow();
    // A flag the export does not know is refused when the export is checked, before the run.
    const bogus = takeRunExports(['in', '--export', 'hf', '--exclude-flags', 'low-confidence,loud-edge'], '/tmp').exports;
    expect(() => bogus?.check('/tmp/run')).toThrow(/--exclude-flags: unknown flag "loud-edge"/);
    expect(usage(() => takeRunExports(['in', '--export', 'hf', '--min-confidence', '1.5'], '/tmp'))).toMatch(/^E_USAGE: --min-confidence: "1.5" is not a number from 0 to 1$/);
    expect(usage(() => takeRunExports(['in', '--min-confidence', '0.5'], '/tmp'))).toMatch(/^E_USAGE: dictclip run: --min-confidence only applies with --export <format>$/);
  });
});
