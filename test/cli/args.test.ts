import { describe, expect, it } from 'vitest';
import { expectPositionals, ffmpegPathFlag, intFlag, parseCommandArgs, requiredString, stringValue, type OptionSpecs } from '../../src/cli/args.js';
import { DictclipError } from '../../src/errors.js';

const OPTIONS: OptionSpecs = { out: { type: 'string' }, offset: { type: 'string' }, force: { type: 'boolean' }, verbose: { type: 'boolean', short: 'v' } };

/** The E_USAGE message `fn` throws. */
function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DictclipError);
    expect((error as DictclipError).code).toBe('E_USAGE');
    return (error as Error).message;
  }
  throw new Error('no error thrown');
}

describe('parseCommandArgs', () => {
  it('parses values, booleans, short flags and positionals', () => {
    expect(parseCommandArgs('run', ['in', '--out', 'o', '--force', '-v', 'more'], OPTIONS)).toEqual({
      values: { out: 'o', force: true, verbose: true }, positionals: ['in', 'more'],
    });
  });

  it('passes a negative number to a string option instead of taking it for a flag', () => {
    expect(parseCommandArgs('run', ['--offset', '-1'], OPTIONS).values).toEqual({ offset: '-1' });
    expect(parseCommandArgs('run', ['--offset', '-2.5', 'x'], OPTIONS)).toEqual({ values: { offset: '-2.5' }, positionals: ['x'] });
  });

  it('names the command and the closest flag for an unknown option', () => {
    expect(usage(() => parseCommandArgs('run', ['--ot', 'o'], OPTIONS))).toBe('unknown option --ot for "dictclip run" (did you mean --out?)');
    expect(usage(() => parseCommandArgs('run', ['--zzzzzzzz'], OPTIONS))).toBe('unknown option --zzzzzzzz for "dictclip run"');
  });

  it('says how to give a missing value', () => {
    expect(usage(() => parseCommandArgs('export', ['--out'], OPTIONS))).toBe('dictclip export: --out needs a value (--out <value>)');
  });
});

describe('option values', () => {
  it('stringValue gives strings only', () => {
    const values = { out: 'o', force: true, list: ['a'] };
    expect([stringValue(values, 'out'), stringValue(values, 'force'), stringValue(values, 'list'), stringValue(values, 'none')]).toEqual(['o', undefined, undefined, undefined]);
  });

  it('requiredString refuses an absent or empty value naming the flag', () => {
    expect(requiredString({ out: 'o' }, 'out', 'run')).toBe('o');
    expect(usage(() => requiredString({ out: '' }, 'out', 'run'))).toBe('dictclip run: --out <value> is required');
    expect(usage(() => requiredString({}, 'out', 'run'))).toBe('dictclip run: --out <value> is required');
  });

  it('expectPositionals wants exactly the named arguments', () => {
    expect(expectPositionals(['a', 'b'], ['input', 'output'], 'merge')).toEqual(['a', 'b']);
    expect(usage(() => expectPositionals([], ['input'], 'report'))).toBe('dictclip report: expected <input>, got none');
    expect(usage(() => expectPositionals(['a', 'b c'], ['input'], 'report'))).toBe('dictclip report: expected <input>, got "a" "b c"');
  });

  it('intFlag takes whole numbers within the range only', () => {
    expect(intFlag({ n: '7' }, 'n', 1, 10)).toBe(7);
    expect(intFlag({ n: ' 10 ' }, 'n', 1, 10)).toBe(10);
    expect(intFlag({}, 'n', 1, 10)).toBeUndefined();
    for (const bad of ['0', '11', '2.5', '-3', 'x', '']) {
      expect(usage(() => intFlag({ n: bad }, 'n', 1, 10))).toBe(`--n: "${bad}" is not an integer from 1 to 10. Fix: pass --n a whole number from 1 to 10.`);
    }
  });
});

describe('ffmpegPathFlag', () => {
  it('takes the flag, then DICTCLIP_FFMPEG_PATH, then FFMPEG_PATH', () => {
    const env = { DICTCLIP_FFMPEG_PATH: 'ff-a', FFMPEG_PATH: 'ff-b' };
    expect(ffmpegPathFlag({ 'ffmpeg-path': 'ff-flag' }, env, '/w')).toBe('ff-flag');
    expect(ffmpegPathFlag({}, env, '/w')).toBe('ff-a');
    expect(ffmpegPathFlag({}, { DICTCLIP_FFMPEG_PATH: '', FFMPEG_PATH: 'ff-b' }, '/w')).toBe('ff-b');
    expect(ffmpegPathFlag({}, {}, '/w')).toBeUndefined();
  });

  it('resolves a value with a slash from the working folder and keeps a bare name for PATH', () => {
    expect(ffmpegPathFlag({ 'ffmpeg-path': 'bin/ffmpeg' }, {}, '/w')).toBe('/w/bin/ffmpeg');
    expect(ffmpegPathFlag({ 'ffmpeg-path': '/opt/ffmpeg' }, {}, '/w')).toBe('/opt/ffmpeg');
    expect(ffmpegPathFlag({}, { FFMPEG_PATH: './ff' }, '/w')).toBe('/w/ff');
  });
});
