/**
 * The fingerprints are derived from the key table (src/config/keys.ts: what each key affects and
 * where it sits): outputs made before keep theirs, a key added to the table enters the right one.
 */
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/config/resolve.js';
import { KEYS, type ConfigKey, type KeySpec } from '../../../src/config/keys.js';
import { clipFingerprint, dictationFingerprint, runRecord } from '../../../src/pipeline/recording/state.js';

const defaults = resolveOptions({ inputDir: '/in', outDir: '/out' });
type Reference = { sha256: string; align: 'text' | 'acoustic' };

/** Fingerprints written by the version before the key table described them (dictation, clips, run.json). */
const PINNED: [string, Record<string, unknown>, Reference | undefined, string, string, string][] = [
  ['defaults', {}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    '986dfacc4f481c8e187ff70ffe61312bc3769399379a5161a9aa00dede3672b0',
    'b30d4e35c4bbc2496b7a4b8af5523ea5d875e70ce870b9c1a34cbeda530f2c83'],
  ['profile+dict', {'profile': 'p', 'markers': 'old', 'markerUnit': 'auto', 'maxUploadBytes': 100000, 'factoryScope': 'x'}, undefined,
    '92dac4b5bd4c5a090f580418c8191b9c2419cbbe84cee70f653d0f358b437abc',
    'cc70386b7671ea9dc5220d908b6dacaaa1ca974b18c331e2bfe2c6d102a65080',
    '6343e3ead32387b01662b97480d76d2c8a7394498e551e771a349a61be155778'],
  ['upload', {'uploadFormat': 'ogg'}, undefined,
    'fe6695a6cc7cf90e8f1df8a106d474afc26781d99776e0df85947171f8205c75',
    '7a818d92174c40861938be9266beda188ce4f93083f1a1fde751517454120c6a',
    'd394231a09570cb256260b53b637158eedf6a3fb8093d67439c3ba6584abbe81'],
  ['clips', {'mode': 'phrase', 'padBeforeMs': 10, 'padAfterMs': 20, 'fadeMs': 5, 'maxGapMs': 1, 'maxPhraseMs': 200, 'keepPunctuation': true, 'match': 'a'}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    '85e7aae1c0f66b08bdda273bd7c93f590b841665dc9c54b77e04c1ac75ca8e6d',
    '87f6de568c42e9277d7c7dc4eb7ededbf714caf49e1721d5ad0238bcdd9c3da0'],
  ['filters1', {'minDurationMs': 100}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    'a387c3d8f06f79dfa8dbcac84f82e49be20a79d320e6fd1d202383e6ab28a70a',
    '576a24cab35fe591c18ff1653c87baf66774af58610b40d60fc69f0e508d206c'],
  ['filters4', {'minDurationMs': 100, 'maxDurationMs': 900, 'minCharsPerSecond': 1, 'maxCharsPerSecond': 30}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    '23839da01031c80cedfa23da0e45d099770ceca4f17433f689336ba7304ca19b',
    '3849d588750897de5540bf5743629df42b7435fc4cce4352ed674dd6c7794d81'],
  ['padMode', {'padMode': 'overlap'}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    '457cdd472c0991c9a40c14f3b325463970aefc5317d67164e4c05031aa204a4c',
    '0304adbcfada095b4eacf359cdf5608746aad289a6af17315387f44eed379747'],
  ['find', {'find': ['a b']}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    'a637a53b7ac5ca77e9121439afb69dddf0e7e745130bd178586e752f25e952af',
    'e26e77e7ee65436691b162b8a69ae47950686ed8cbdb71c96bd76e1b248f8eda'],
  ['findEmpty', {'find': []}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    '986dfacc4f481c8e187ff70ffe61312bc3769399379a5161a9aa00dede3672b0',
    'b30d4e35c4bbc2496b7a4b8af5523ea5d875e70ce870b9c1a34cbeda530f2c83'],
  ['context', {'contextWords': 2}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    '35ab5653379d8ab9125f5b2a2be1b0336e0ee8197ec21a4e1c19dcde58ccd9e9',
    '7d2065c454fc848c6266b43c9c67f8eebc90d468101d59be7a4e4e785ada3f1c'],
  ['source', {'clipSource': 'original'}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    'f0474258a8fb774ef8f3a282f399404302af7ec9cb6284fce18250fd238953e1',
    '3d47711408a69e0954915e1cd082267913d18c8b1dc300e7d5719b2f6315040d'],
  ['snap', {'snapMs': 20}, undefined,
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    'd0ec4acef341988d401ae47a8085f66ebc4b5765e56cc20f2c3bb50f2f148c92',
    'c29eec10b3af289117cdc8f8af59704a20b256872c4214b7a1f4a30618e607f2'],
  ['all', {'uploadFormat': 'webm', 'minDurationMs': 100, 'padMode': 'overlap', 'find': ['x'], 'snapMs': 5}, {'sha256': 'r', 'align': 'text'},
    'a6e2768091234c225c6162a2b6905e5a22f310b344751f79a2b58e60cbe16240',
    '99ce2787049ef29465c85da2f6e2aec48e45f4c94fffe9140d0d77d418aefa5f',
    '6f4f2f7390ad557e5994d68d23134c0b1f176acc62f87cc769252dca5e7ae470'],
  ['ref', {}, {'sha256': 'abc', 'align': 'acoustic'},
    'b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92',
    'bfb740ea23bf0b8ccc29e7348b9a3a32d2c2c24c09cdfdff99b7030a06b2a4d9',
    '73eaba9ee7612d695c94b58d7696680c47822f0e4045f88d5de1eb93a9a18cef'],
];

const OPTIONS_WITHOUT = '{"service":"http://svc","factoryScope":"nvoq","markers":"new","markerUnit":"seconds","mode":"phrase","padBeforeMs":20,"padAfterMs":0,' +
  '"padMode":"clamp","fadeMs":0,"maxGapMs":700,"maxPhraseMs":15000,"keepPunctuation":false,"contextWords":0,"clipSource":"work","snapMs":0,' +
  '"maxUploadBytes":21000000,"uploadFormat":"pcm"';
const OPTIONS_DEFAULT = '{"service":"embedded:pocketsphinx","factoryScope":"nvoq","markers":"new","markerUnit":"seconds","mode":"word","padBeforeMs":0,' +
  '"padAfterMs":0,"padMode":"clamp","fadeMs":0,"maxGapMs":700,"maxPhraseMs":15000,"keepPunctuation":false,"contextWords":0,"clipSource":"work",' +
  '"snapMs":0,"maxUploadBytes":21000000,"uploadFormat":"pcm"';

/**
 * run.json as the version that added include/exclude to it by hand wrote it (the run fingerprint
 * and the readable options, in that key order): existing outputs must still resume and merge.
 */
const PINNED_RUN: [string, Record<string, unknown>, string, Reference | undefined, string, string][] = [
  ['without patterns', { mode: 'phrase', padBeforeMs: 20 }, 'http://svc', undefined,
    '8b7ad772aaaa11bffa8a7d04c3bd2cd5154b637705706544379e2b43b0bfb8e1', `${OPTIONS_WITHOUT}}`],
  ['with patterns', { mode: 'phrase', padBeforeMs: 20, include: ['**/*.wav', '!drafts/**'], exclude: ['tmp'] }, 'http://svc', { sha256: 'r', align: 'text' },
    '07def1299eb6c0b669514f5f09e0605e57cf782db9c28202df268840553e4967',
    `${OPTIONS_WITHOUT},"references":"r","align":"text","include":["**/*.wav","!drafts/**"],"exclude":["tmp"]}`],
  ['include only', { include: ['a/**'] }, 'http://svc', undefined,
    '89e50a1d1ffae4d304124324ccd1020ef311b399f7363b24fca749bcbd77d139',
    `${OPTIONS_DEFAULT.replace('embedded:pocketsphinx', 'http://svc')},"include":["a/**"]}`],
  ['empty include (a config file\'s []), exclude', { include: [], exclude: ['drafts'] }, 'embedded:pocketsphinx', undefined,
    '75a642cc1e4a7830250ca55d2de6e9945e50789670fbf61346b3478f9dff068b', `${OPTIONS_DEFAULT},"include":[],"exclude":["drafts"]}`],
];

describe('run.json of runs with and without input patterns', () => {
  it.each(PINNED_RUN)('keeps what earlier versions wrote: %s', (_name, change, service, reference, fingerprint, options) => {
    const record = runRecord({ ...defaults, ...change } as typeof defaults, service, ['b.wav', 'a.wav'], '1/2', reference);
    expect([record.optionsFingerprint, JSON.stringify(record.options)]).toEqual([fingerprint, options]);
  });
});

describe('fingerprints derived from the key table', () => {
  it.each(PINNED)('keeps the fingerprints earlier versions wrote: %s', (_name, change, reference, dictation, clips, record) => {
    const options = { ...defaults, ...change } as typeof defaults;
    const d = dictationFingerprint('src', 'embedded:scripted', options);
    expect([d, clipFingerprint(d, options, reference)]).toEqual([dictation, clips]);
    expect(runRecord(options, 'http://svc', ['b', 'a'], null, reference).optionsFingerprint).toBe(record);
  });

  /** The table with one more key (the test's own), as a new row would add it. */
  function withDummy(affects: KeySpec['affects'], appliesTo: KeySpec['appliesTo'] = 'library'): readonly KeySpec[] {
    const dummy: KeySpec = {
      key: 'dummyOption' as ConfigKey, type: { kind: 'int', min: 0 }, default: 0, env: [], flag: 'dummy-option', description: 'test',
      group: 'clips', affects, appliesTo,
    };
    return [...KEYS, dummy];
  }

  function fingerprintsWith(keys: readonly KeySpec[], dummyOption: number): { dictation: string; clips: string } {
    const options = { ...defaults, dummyOption } as typeof defaults;
    const dictation = dictationFingerprint('src', 'embedded:scripted', options, keys);
    return { dictation, clips: clipFingerprint(dictation, options, undefined, keys) };
  }

  it('a new key that affects the clips changes the clip fingerprint (not the dictation one) when set, nothing at its default', () => {
    const keys = withDummy('clips');
    const before = fingerprintsWith(KEYS, 5);
    expect(fingerprintsWith(keys, 0)).toEqual(before);
    const after = fingerprintsWith(keys, 5);
    expect(after.dictation).toBe(before.dictation);
    expect(after.clips).not.toBe(before.clips);
    expect(fingerprintsWith(keys, 6).clips).not.toBe(after.clips);
  });

  it('a new key that affects the dictation changes the dictation fingerprint, and so the clip one', () => {
    const keys = withDummy('dictation');
    const before = fingerprintsWith(KEYS, 5);
    expect(fingerprintsWith(keys, 0)).toEqual(before);
    const after = fingerprintsWith(keys, 5);
    expect(after.dictation).not.toBe(before.dictation);
    expect(after.clips).not.toBe(before.clips);
  });

  it('a key that affects nothing, or one only the CLI acts on, changes neither', () => {
    const before = fingerprintsWith(KEYS, 5);
    expect(fingerprintsWith(withDummy('nothing'), 5)).toEqual(before);
    expect(fingerprintsWith(withDummy('clips', 'cli'), 5)).toEqual(before);
  });

  it('a new key that chooses the recordings changes run.json (its fingerprint and option list) when set, never a recording\'s fingerprint', () => {
    const keys = withDummy('selection');
    const record = (table: readonly KeySpec[], dummyOption: number) =>
      runRecord({ ...defaults, include: ['a/**'], dummyOption } as typeof defaults, 'http://svc', ['a/b.wav'], '0/2', undefined, table);
    const before = record(KEYS, 5);
    expect(record(keys, 0)).toEqual(before);
    const after = record(keys, 5);
    expect(after.optionsFingerprint).not.toBe(before.optionsFingerprint);
    expect(record(keys, 6).optionsFingerprint).not.toBe(after.optionsFingerprint);
    expect(after.options).toEqual({ ...before.options, dummyOption: 5 });
    expect(Object.keys(after.options).slice(-2)).toEqual(['include', 'dummyOption']);
    expect(fingerprintsWith(keys, 5)).toEqual(fingerprintsWith(KEYS, 5));
    const cliOnly = withDummy('selection', 'cli');
    expect(record(cliOnly, 5)).toEqual(before);
  });

  it('every key that affects nothing or chooses the recordings leaves both fingerprints alone', () => {
    const base = fingerprintsWith(KEYS, 0);
    const other = { int: 7, number: 0.25, bool: true, string: 'x', path: '/x', list: ['x'], set: ['vtt'], enum: undefined } as const;
    expect(KEYS.filter((s) => s.affects === 'selection').map((s) => s.key)).toEqual(['include', 'exclude']);
    for (const spec of KEYS.filter((s) => s.affects === 'nothing' || s.affects === 'selection')) {
      const value = spec.type.kind === 'enum' ? spec.type.values.find((v) => v !== spec.default) : other[spec.type.kind];
      const options = { ...defaults, [spec.key]: value } as typeof defaults;
      const dictation = dictationFingerprint('src', 'embedded:scripted', options);
      expect({ key: spec.key, dictation, clips: clipFingerprint(dictation, options) }).toEqual({ key: spec.key, ...base });
    }
  });

  it('channel: the dictation fingerprint (and run.json) unchanged at mix, its default; changed by any other choice', () => {
    const at = (channel: string | undefined) => {
      const options = { ...defaults, channel } as typeof defaults;
      const dictation = dictationFingerprint('src', 'embedded:scripted', options);
      return { dictation, clips: clipFingerprint(dictation, options), record: runRecord(options, 'http://svc', ['a'], null) };
    };
    // The pinned defaults above: what outputs made before the key existed hold.
    expect(at('mix').dictation).toBe('b0647de1cd6960dc24c72b0208bc094e387e3feec171cb6474fd18a91a4ccf92');
    expect(at('mix')).toEqual(at(undefined));
    expect(at('mix').record.options).not.toHaveProperty('channel');
    const seen = new Set([at('mix').dictation]);
    for (const choice of ['left', 'right', '3']) {
      const { dictation, clips, record } = at(choice);
      expect(seen.has(dictation), choice).toBe(false);
      seen.add(dictation);
      expect(clips).not.toBe(at('mix').clips);
      expect(record.options['channel']).toBe(choice);
      expect(record.optionsFingerprint).not.toBe(at('mix').record.optionsFingerprint);
    }
  });

  it('run.json lists every library key that affects the dictation or the clips or chooses the recordings', () => {
    const set: Record<string, unknown> = { ...defaults };
    for (const spec of KEYS) if (spec.type.kind === 'list' && set[spec.key] === undefined) set[spec.key] = ['x'];
    for (const spec of KEYS) if (set[spec.key] === undefined) set[spec.key] = spec.type.kind === 'path' || spec.type.kind === 'string' ? 'x' : 1;
    set['channel'] = 'right'; // keys added since the first layout are listed when not at their default
    set['confidenceThreshold'] = 0.5;
    const record = runRecord(set as typeof defaults, 'http://svc', ['a'], null, { sha256: 'r', align: 'text' });
    const listed = Object.keys(record.options);
    for (const spec of KEYS.filter((s) => s.appliesTo === 'library' && s.affects !== 'nothing')) {
      const names = spec.fingerprint?.via === 'service' ? ['service'] : spec.fingerprint?.via === 'reference' ? ['references', 'align'] : [spec.key];
      for (const name of names) expect(listed, spec.key).toContain(name);
    }
    for (const key of ['uploadFormat', 'find', 'contextWords', 'clipSource', 'snapMs', 'padMode']) expect(listed).toContain(key);
    expect(listed.slice(-2)).toEqual(['include', 'exclude']);
    expect(listed).not.toContain('concurrency');
  });
});
