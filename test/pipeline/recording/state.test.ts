import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clipFilesPresent, clipFingerprint, decide, dictationFingerprint, runRecord, serviceIdentity, wholeMsDictation } from '../../../src/pipeline/recording/state.js';
import { readState, writeState } from '../../../src/run-output/state-file.js';
import { statePath } from '../../../src/run-output/naming.js';
import type { ManifestRow } from '../../../src/run-output/rows.js';
import type { RecordingState } from '../../../src/run-output/state-file.js';
import type { ResolvedRunOptions } from '../../../src/pipeline/types.js';

const base: Pick<ResolvedRunOptions, 'factoryScope' | 'profile' | 'markers' | 'markerUnit' | 'maxUploadBytes' | 'mode' | 'padBeforeMs' |
  'padAfterMs' | 'fadeMs' | 'maxGapMs' | 'maxPhraseMs' | 'keepPunctuation' | 'match' | 'find' | 'contextWords' | 'clipSource' | 'snapMs'> = {
  factoryScope: 'nvoq', profile: undefined, markers: 'new', markerUnit: 'seconds', maxUploadBytes: 21_000_000,
  mode: 'word', padBeforeMs: 0, padAfterMs: 0, fadeMs: 0, maxGapMs: 700, maxPhraseMs: 15_000, keepPunctuation: false, match: undefined,
  find: undefined, contextWords: 0, clipSource: 'work', snapMs: 0,
};

function fps(overrides: Partial<typeof base> = {}, source = 'hash', service = 'embedded:scripted'): { dictation: string; clips: string } {
  const o = { ...base, ...overrides };
  const dictation = dictationFingerprint(source, service, o);
  return { dictation, clips: clipFingerprint(dictation, o) };
}

function stateWith(f: { dictation: string; clips: string }, withClips = true): RecordingState {
  return {
    version: 1, source: 'a.wav', sourceFingerprint: { size: 1, mtimeMs: 1, sha256: 'hash' },
    dictation: { fingerprint: f.dictation, method: 'new', audioDurationMs: 1000, dictationIds: ['d'], markerDictationIds: [], result: { transcript: '', markers: [], collapsed: false, warnings: [] } },
    ...(withClips ? { clips: { fingerprint: f.clips, rows: [] } } : {}),
  };
}

describe('fingerprints and decisions', () => {
  it('is done only with the same clip fingerprint and all clip files present', () => {
    const f = fps();
    expect(decide(stateWith(f), fps(), true)).toBe('done');
    expect(decide(stateWith(f), fps(), false)).toBe('recut');
    expect(decide(stateWith(f, false), fps(), true)).toBe('recut');
    expect(decide(undefined, fps(), true)).toBe('dictate');
  });

  it('re-cuts a state saved with fractional ms and floors its saved markers at the audio end', () => {
    const f = fps();
    const row = { file_name: 'clips/a/00000_x.wav', start_ms: 5800, end_ms: 6613.6875 } as ManifestRow;
    const saved = { ...stateWith(f), clips: { fingerprint: f.clips, rows: [row] } };
    expect(decide(saved, fps(), true)).toBe('recut');
    expect(decide({ ...saved, clips: { fingerprint: f.clips, rows: [{ ...row, end_ms: 6613 }] } }, fps(), true)).toBe('done');
    const dictation = {
      ...stateWith(f).dictation!, audioDurationMs: 6613.6875,
      result: { transcript: 'a b', collapsed: false, warnings: [], markers: [
        { text: 'a', textStart: 0, textLength: 1, startMs: 0, endMs: 100 },
        { text: 'b', textStart: 2, textLength: 1, startMs: 6000, endMs: 6613.6875 },
      ] },
    };
    const whole = wholeMsDictation(dictation);
    expect(whole.audioDurationMs).toBe(6613);
    expect(whole.result.markers.map((m) => [m.startMs, m.endMs])).toEqual([[0, 100], [6000, 6613]]);
  });

  it('re-cuts for clip options and re-dictates for dictation options', () => {
    const saved = stateWith(fps());
    for (const change of [{ mode: 'phrase' as const }, { padBeforeMs: 10 }, { padAfterMs: 10 }, { fadeMs: 5 }, { maxGapMs: 1 },
      { maxPhraseMs: 1 }, { keepPunctuation: true }, { match: 'a' }, { find: ['a b'] }, { find: ['a b', 'c'] }, { contextWords: 1 },
      { clipSource: 'original' as const }, { snapMs: 20 }]) {
      expect(decide(saved, fps(change), true)).toBe('recut');
    }
    for (const change of [{ markers: 'old' as const }, { markerUnit: 'auto' as const }, { profile: 'p' }, { factoryScope: 'x' }, { maxUploadBytes: 1 }]) {
      expect(decide(saved, fps(change), true)).toBe('dictate');
    }
    expect(decide(saved, fps({}, 'other-hash'), true)).toBe('dictate');
    expect(decide(saved, fps({}, 'hash', 'http://remote'), true)).toBe('dictate');
  });

  it('names the embedded engine and hashes the script content', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dictclip-state-'));
    try {
      const script = path.join(dir, 's.json');
      await writeFile(script, '{"scripts":[]}');
      expect(await serviceIdentity({ baseUrl: 'https://x', engine: 'scripted', scriptFile: script })).toBe('https://x');
      expect(await serviceIdentity({ baseUrl: undefined, engine: 'pocketsphinx', scriptFile: undefined })).toBe('embedded:pocketsphinx');
      const a = await serviceIdentity({ baseUrl: undefined, engine: 'scripted', scriptFile: script });
      await writeFile(script, '{"scripts":[{}]}');
      const b = await serviceIdentity({ baseUrl: undefined, engine: 'scripted', scriptFile: script });
      expect(a).toMatch(/^embedded:scripted:[0-9a-f]{64}$/);
      expect(b).not.toBe(a);
      await expect(serviceIdentity({ baseUrl: undefined, engine: 'scripted', scriptFile: path.join(dir, 'none') })).rejects.toMatchObject({ code: 'E_CONFIG' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('state files', () => {
  let out: string;
  beforeEach(async () => { out = await mkdtemp(path.join(tmpdir(), 'dictclip-state-')); });
  afterEach(async () => { await rm(out, { recursive: true, force: true }); });

  it('round-trips atomically and refuses corrupt or foreign files with E_RUN_FILE_INVALID', async () => {
    const file = statePath(out, 'a-12345678');
    expect(file).toBe(path.join(out, '.dictclip', 'state', 'a-12345678.json'));
    const state = stateWith(fps());
    await writeState(file, state);
    expect(await readState(file)).toEqual(state);
    expect(await readdir(path.dirname(file))).toEqual(['a-12345678.json']);
    await writeFile(file, '{"version":2}');
    await expect(readState(file)).rejects.toMatchObject({ code: 'E_RUN_FILE_INVALID', context: { path: file }, message: expect.stringContaining('version: Invalid type') });
    await writeFile(file, '{not json');
    await expect(readState(file)).rejects.toMatchObject({ code: 'E_RUN_FILE_INVALID', message: `the state file ${file} is not valid: not JSON` });
    expect(await readState(path.join(out, 'missing.json'))).toBeUndefined();
  });

  it('checks that every clip file exists', async () => {
    const rows = [{ file_name: 'clips/k/00000_a.wav' }, { file_name: 'clips/k/00001_b.wav' }] as ManifestRow[];
    await mkdir(path.join(out, 'clips', 'k'), { recursive: true });
    await writeFile(path.join(out, 'clips', 'k', '00000_a.wav'), '');
    expect(await clipFilesPresent(out, rows)).toBe(false);
    await writeFile(path.join(out, 'clips', 'k', '00001_b.wav'), '');
    expect(await clipFilesPresent(out, rows)).toBe(true);
    expect(await clipFilesPresent(out, [{ file_name: '../escape.wav' } as ManifestRow])).toBe(false);
  });
});

describe('run record and input patterns', () => {
  const record = (patterns: { include?: string[]; exclude?: string[] }) =>
    runRecord({ ...base, include: undefined, exclude: undefined, ...patterns } as unknown as ResolvedRunOptions, 'embedded:scripted', ['a.wav'], '0/2');

  it('records the patterns and changes the run fingerprint only when some are set (merge refuses shards that chose differently)', () => {
    const none = record({});
    expect(none.optionsFingerprint).toBe(clipFingerprint(dictationFingerprint('', 'embedded:scripted', base), base));
    expect(none.options).not.toHaveProperty('include');
    const wav = record({ include: ['**/*.wav'] });
    expect(wav.options).toMatchObject({ include: ['**/*.wav'] });
    expect(wav.optionsFingerprint).not.toBe(none.optionsFingerprint);
    expect(record({ include: ['**/*.wav'], exclude: ['drafts'] }).optionsFingerprint).not.toBe(wav.optionsFingerprint);
    expect(record({ include: ['**/*.wav'] }).optionsFingerprint).toBe(wav.optionsFingerprint);
  });
});
