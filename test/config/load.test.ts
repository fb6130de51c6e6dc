import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRunOptions, type LoadOptions } from '../../src/config/load.js';
import { DictclipError } from '../../src/errors.js';
import { FITTED_THRESHOLD } from '../../src/align/confidence/coefficients.js';

let cwd: string;

beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dictclip-config-'));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

function writeConfig(data: unknown, name = 'pipeline.config.json'): string {
  const path = join(cwd, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}

function load(overrides: Partial<LoadOptions> = {}) {
  return loadRunOptions({ flags: {}, env: {}, cwd, inputDir: 'in', outDir: 'out', ...overrides });
}

function errorOf(fn: () => unknown): DictclipError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DictclipError) return error;
    throw error;
  }
  throw new Error('expected a DictclipError');
}

describe('defaults', () => {
  it('fills every key with its documented default', () => {
    expect(load()).toEqual({
      inputDir: join(cwd, 'in'), outDir: join(cwd, 'out'),
      channel: 'mix', baseUrl: undefined, factoryScope: 'nvoq', profile: undefined, markers: 'new', markerUnit: 'seconds',
      mode: 'word', padBeforeMs: 0, padAfterMs: 0, padMode: 'clamp', fadeMs: 0, maxGapMs: 700, maxPhraseMs: 15000,
      concurrency: 4, transcodeConcurrency: availableParallelism(), keepPunctuation: false, match: undefined,
      find: undefined, contextWords: 0, clipSource: 'work', snapMs: 0, confidenceThreshold: FITTED_THRESHOLD, supercut: undefined, supercutGapMs: 500, supercutAudioOnly: false, subtitles: undefined, subtitleLevel: 'phrase',
      dryRun: false, newService: false, maxUploadBytes: 21000000, uploadFormat: 'pcm', ffmpegPath: undefined, maxRetries: 6, requestTimeoutMs: 60000, maxResponseBytes: 67108864,
      pollInitialMs: 1000, pollMaxMs: 5000, engine: 'pocketsphinx', scriptFile: undefined, reuseTranscripts: true, requireTranscripts: false, subtitleLineBreaks: 'auto',
      workDir: join(cwd, 'out', '.dictclip', 'work'), quiet: false, report: true,
    });
  });
});

describe('merge order: default < file < env < flag', () => {
  it('applies each level over the previous one, key by key', () => {
    writeConfig({ mode: 'phrase', concurrency: 2, maxGapMs: 500, profile: 'file-profile' });
    const env = { DICTCLIP_CONCURRENCY: '3', DICTCLIP_MAX_GAP_MS: '400' };
    const options = load({ env, flags: { 'max-gap-ms': '300' } });
    expect(options.mode).toBe('phrase');
    expect(options.profile).toBe('file-profile');
    expect(options.concurrency).toBe(3);
    expect(options.maxGapMs).toBe(300);
    expect(options.factoryScope).toBe('nvoq');
  });

  it('parses environment booleans and lets a --no- flag turn a file value off', () => {
    writeConfig({ keepPunctuation: true });
    expect(load().keepPunctuation).toBe(true);
    expect(load({ flags: { 'no-keep-punctuation': true } }).keepPunctuation).toBe(false);
    expect(load({ env: { DICTCLIP_DRY_RUN: 'yes' } }).dryRun).toBe(true);
    expect(load({ env: { DICTCLIP_DRY_RUN: '0' }, flags: { 'dry-run': true } }).dryRun).toBe(true);
  });

  it('ignores empty environment variables and prefers DICTCLIP_FFMPEG_PATH over FFMPEG_PATH', () => {
    expect(load({ env: { DICTCLIP_PROFILE: '' } }).profile).toBeUndefined();
    expect(load({ env: { FFMPEG_PATH: '/opt/ff/ffmpeg' } }).ffmpegPath).toBe('/opt/ff/ffmpeg');
    expect(load({ env: { FFMPEG_PATH: '/opt/a', DICTCLIP_FFMPEG_PATH: '/opt/b' } }).ffmpegPath).toBe('/opt/b');
  });

  it('uses an explicit --config file instead of ./pipeline.config.json', () => {
    writeConfig({ mode: 'phrase' });
    const other = writeConfig({ mode: 'word', fadeMs: 5 }, 'other.json');
    const options = load({ configPath: other });
    expect([options.mode, options.fadeMs]).toEqual(['word', 5]);
  });

  it('strips a trailing slash from baseUrl', () => {
    expect(load({ flags: { 'base-url': 'https://dictation.example.com/' } }).baseUrl).toBe('https://dictation.example.com');
  });
});

describe('padMs', () => {
  it('sets both paddings', () => {
    expect(load({ flags: { 'pad-ms': '40' } })).toMatchObject({ padBeforeMs: 40, padAfterMs: 40 });
  });
  it('is a configuration error next to a specific padding key of the same source, naming both', () => {
    const expected = (a: string, b: string, where = ''): [string, string] =>
      ['E_CONFIG', `${where}${a} and ${b} both set the padding (padMs sets padBeforeMs and padAfterMs). Fix: keep only one of them.`];
    writeConfig({ padMs: 30, padAfterMs: 10 });
    const fromFile = errorOf(() => load());
    expect([fromFile.code, fromFile.message]).toEqual(expected('"padMs"', '"padAfterMs"', 'pipeline.config.json: '));
    writeConfig({});
    const fromFlags = errorOf(() => load({ flags: { 'pad-ms': '50', 'pad-before-ms': '5' } }));
    expect([fromFlags.code, fromFlags.message]).toEqual(expected('--pad-ms', '--pad-before-ms'));
    const fromEnv = errorOf(() => load({ env: { DICTCLIP_PAD_MS: '50', DICTCLIP_PAD_AFTER_MS: '5' } }));
    expect([fromEnv.code, fromEnv.message]).toEqual(expected('DICTCLIP_PAD_MS', 'DICTCLIP_PAD_AFTER_MS'));
  });
  it('copied into the committed config file (which sets both paddings) is an error, not ignored', () => {
    const committed = JSON.parse(readFileSync(join(fileURLToPath(new URL('../../', import.meta.url)), 'pipeline.config.json'), 'utf8')) as object;
    writeConfig({ ...committed, $schema: undefined, padMs: 100 });
    expect(errorOf(() => load()).message).toMatch(/^pipeline\.config\.json: "padMs" and "padBeforeMs" both set the padding/);
  });
  it('a null key in the config file is not set (the default applies and nothing overlaps)', () => {
    writeConfig({ padMs: null, padBeforeMs: 20, padAfterMs: null, baseUrl: null, concurrency: null });
    expect(load()).toMatchObject({ padBeforeMs: 20, padAfterMs: 0, baseUrl: undefined, concurrency: 4 });
  });
  it('at a later level overrides the specific keys of an earlier level', () => {
    writeConfig({ padBeforeMs: 10, padAfterMs: 20 });
    expect(load({ env: { DICTCLIP_PAD_MS: '70' } })).toMatchObject({ padBeforeMs: 70, padAfterMs: 70 });
    expect(load({ env: { DICTCLIP_PAD_MS: '70' }, flags: { 'pad-after-ms': '1' } })).toMatchObject({ padBeforeMs: 70, padAfterMs: 1 });
  });
});

describe('subtitles (a set of formats)', () => {
  it('takes names comma-separated or all from a flag or the environment, an array from the file, in the table\'s order', () => {
    expect(load({ flags: { subtitles: 'textgrid, vtt,vtt' } }).subtitles).toEqual(['vtt', 'textgrid']);
    expect(load({ env: { DICTCLIP_SUBTITLES: 'all' } }).subtitles).toEqual(['vtt', 'srt', 'textgrid']);
    writeConfig({ subtitles: ['srt'], subtitleLevel: 'word' });
    expect(load()).toMatchObject({ subtitles: ['srt'], subtitleLevel: 'word' });
    const flags = { 'subtitle-level': 'highlight', 'subtitle-max-line-width': '42', 'subtitle-max-lines': '2' };
    expect(load({ flags })).toMatchObject({ subtitleLevel: 'highlight', subtitleMaxLineWidth: 42, subtitleMaxLines: 2 });
  });
});

describe('paths', () => {
  it('resolves config-file paths against the config folder and flag/env paths against cwd', () => {
    mkdirSync(join(cwd, 'conf'));
    const path = writeConfig({ scriptFile: 'script.json', workDir: 'work', ffmpegPath: 'bin/ffmpeg' }, 'conf/c.json');
    expect(load({ configPath: path })).toMatchObject({
      scriptFile: join(cwd, 'conf', 'script.json'), workDir: join(cwd, 'conf', 'work'), ffmpegPath: join(cwd, 'conf', 'bin', 'ffmpeg'),
    });
    const fromFlags = load({ configPath: path, env: { DICTCLIP_WORK_DIR: 'w2' }, flags: { 'script-file': 's.json' } });
    expect([fromFlags.workDir, fromFlags.scriptFile]).toEqual([join(cwd, 'w2'), join(cwd, 's.json')]);
  });
  it('keeps a bare ffmpeg command name for PATH lookup', () => {
    expect(load({ flags: { 'ffmpeg-path': 'ffmpeg6' } }).ffmpegPath).toBe('ffmpeg6');
  });
});

describe('errors', () => {
  const cases: [string, () => void, string][] = [
    ['enum in the file', () => { writeConfig({ mode: 'words' }); load(); },
      'pipeline.config.json: "mode" is "words"; expected one of word, phrase. Fix: set "mode" to "word" or "phrase".'],
    ['int range in the environment', () => load({ env: { DICTCLIP_CONCURRENCY: '0' } }),
      'environment variable DICTCLIP_CONCURRENCY: "concurrency" is "0"; expected an integer from 1 to 64. Fix: set DICTCLIP_CONCURRENCY to a whole number from 1 to 64.'],
    ['non-integer flag', () => load({ flags: { 'pad-ms': '1.5' } }),
      '--pad-ms: "padMs" is "1.5"; expected an integer from 0 to 10000. Fix: pass --pad-ms a whole number from 0 to 10000.'],
    ['string where the file needs a number', () => { writeConfig({ maxRetries: '3' }); load(); },
      'pipeline.config.json: "maxRetries" is "3"; expected an integer from 0 to 20. Fix: set "maxRetries" to a whole number from 0 to 20.'],
    ['boolean in the environment', () => load({ env: { DICTCLIP_QUIET: 'maybe' } }),
      'environment variable DICTCLIP_QUIET: "quiet" is "maybe"; expected true or false. Fix: set DICTCLIP_QUIET to "true" or "false".'],
    ['non-URL baseUrl', () => load({ flags: { 'base-url': 'ftp://x' } }),
      '--base-url: "baseUrl" is "ftp://x"; expected an http:// or https:// URL. Fix: pass --base-url an http(s) URL such as "https://dictation.example.com".'],
    ['bad regex', () => load({ env: { DICTCLIP_MATCH: '(yes' } }),
      'environment variable DICTCLIP_MATCH: "match" is "(yes"; expected a valid regular expression (Invalid regular expression: /(yes/i: Unterminated group). Fix: set DICTCLIP_MATCH to a valid JavaScript regular expression such as "^(yes|no)$".'],
    ['empty path in the file', () => { writeConfig({ workDir: '' }); load(); },
      'pipeline.config.json: "workDir" is ""; expected a non-empty path. Fix: set "workDir" to a file or folder path.'],
    ['unknown subtitle format in a flag', () => load({ flags: { subtitles: 'vtt,ass' } }),
      '--subtitles: "subtitles" is "ass"; expected names from vtt, srt, textgrid (comma-separated), or all. Fix: pass --subtitles "vtt,srt,textgrid" or "all".'],
    ['subtitle formats in the file not as an array of names', () => { writeConfig({ subtitles: [1] }); load(); },
      'pipeline.config.json: "subtitles" is 1; expected names from vtt, srt, textgrid (comma-separated), or all. Fix: set "subtitles" to ["vtt","srt","textgrid"] or ["all"].'],
    ['poll cap below the first interval', () => load({ flags: { 'poll-max-ms': '500' } }),
      '--poll-max-ms: "pollMaxMs" is 500, below "pollInitialMs" 1000. Fix: set "pollMaxMs" to at least 1000 or lower "pollInitialMs".'],
  ];
  it.each(cases)('%s', (_name, fn, message) => {
    const error = errorOf(fn);
    expect(error.code).toBe('E_CONFIG');
    expect(error.message).toBe(message);
  });

  it('names the closest known key for an unknown key', () => {
    writeConfig({ padBeforMs: 3 });
    expect(errorOf(() => load()).message).toBe(
      'pipeline.config.json: unknown key "padBeforMs"; did you mean "padBeforeMs"? Fix: rename or remove it (known keys are listed in pipeline.config.schema.json).',
    );
  });

  it('ignores $-keys such as $schema', () => {
    writeConfig({ $schema: './pipeline.config.schema.json', $comment: 'x', mode: 'phrase' });
    expect(load().mode).toBe('phrase');
  });

  it.each(['username', 'password', 'apiKey', 'token', 'api_key', 'clientSecret'])('refuses the secret key %s without echoing it', (key) => {
    writeConfig({ [key]: 'hunter2-secret-value' });
    const error = errorOf(() => load());
    expect(error.code).toBe('E_CONFIG');
    expect(error.message).toBe(
      `pipeline.config.json: "${key}" looks like a secret; secrets are never read from the config file. ` +
        'Fix: remove it and set DICTCLIP_USERNAME with DICTCLIP_PASSWORD or DICTCLIP_API_KEY in the environment.',
    );
  });

  it('refuses credentials inside baseUrl without printing them', () => {
    const error = errorOf(() => load({ env: { DICTCLIP_BASE_URL: 'https://bob:s3cret@host.example/' } }));
    expect(error.code).toBe('E_CONFIG');
    expect(error.message).not.toContain('s3cret');
    expect(error.message).toContain('environment variable DICTCLIP_BASE_URL: "baseUrl" is "https://host.example/" with credentials in it');
  });

  it('refuses inputDir/outDir in the file', () => {
    writeConfig({ outDir: 'x' });
    expect(errorOf(() => load()).message).toBe('pipeline.config.json: "outDir" comes from the command line only. Fix: remove it and pass it to `dictclip run`.');
  });

  it('reports a missing explicit config file', () => {
    const error = errorOf(() => load({ configPath: 'nope.json' }));
    expect([error.code, error.message]).toEqual(['E_CONFIG', 'config file nope.json does not exist. Fix: pass --config with an existing JSON file, or leave it out.']);
  });

  it('reports JSON syntax errors with the file and the parser message', () => {
    writeConfig('{ "mode": "word", }');
    let parserMessage = '';
    try {
      JSON.parse('{ "mode": "word", }');
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    expect(errorOf(() => load()).message).toBe(`pipeline.config.json: not valid JSON: ${parserMessage}. Fix: correct the JSON syntax.`);
  });

  it('refuses a file that is not an object', () => {
    writeConfig('[1]');
    expect(errorOf(() => load()).message).toBe('pipeline.config.json: expected a JSON object of settings. Fix: write { "mode": "word", … }.');
  });

  it('reports an unknown flag name as E_USAGE', () => {
    const error = errorOf(() => load({ flags: { 'pad-msec': '1' } }));
    expect([error.code, error.message]).toEqual(['E_USAGE', 'unknown option --pad-msec']);
  });
});

describe('include and exclude patterns', () => {
  it('takes repeated flags and comma lists, keeping commas inside braces, from flags, environment and file', () => {
    expect(load({ flags: { include: ['**/*.wav,!drafts/**', '*.{mp3,ogg}'], exclude: ['a\\,b.wav'] } })).toMatchObject({
      include: ['**/*.wav', '!drafts/**', '*.{mp3,ogg}'], exclude: ['a\\,b.wav'],
    });
    expect(load({ env: { DICTCLIP_EXCLUDE: 'drafts, old/**' } }).exclude).toEqual(['drafts', 'old/**']);
    writeConfig({ include: ['talks/**'] });
    expect(load().include).toEqual(['talks/**']);
  });

  it('refuses empty, absolute and outside patterns with E_CONFIG naming the flag', () => {
    expect(errorOf(() => load({ flags: { include: ['*.wav,'] } })).message).toBe(
      '--include: "include" is "*.wav,"; expected glob patterns relative to the input folder, not an empty pattern. Fix: pass --include patterns such as "**/*.wav" or "drafts/**".');
    expect(errorOf(() => load({ flags: { exclude: ['/data/drafts/**'] } })).code).toBe('E_CONFIG');
    expect(errorOf(() => load({ env: { DICTCLIP_INCLUDE: '../other/*.wav' } })).message).toContain('not a pattern with ".."');
  });
});
