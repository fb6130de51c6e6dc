import { describe, expect, it } from 'vitest';
import { KEYS, kebab, upperSnake } from '../../src/config/keys.js';
import { closest, editDistance } from '../../src/config/suggest.js';

describe('key table', () => {
  it('says of every key what it affects and who acts on it; only keys that change an output have a fingerprint place', () => {
    expect(KEYS.filter((spec) => spec.appliesTo === 'cli').map((spec) => spec.key)).toEqual(['padMs', 'supercut', 'supercutGapMs', 'supercutAudioOnly', 'quiet', 'report']);
    for (const spec of KEYS) {
      expect(['dictation', 'clips', 'selection', 'nothing'], spec.key).toContain(spec.affects);
      if (spec.affects === 'nothing' || spec.affects === 'selection') expect(spec.fingerprint, spec.key).toBeUndefined();
    }
    const affecting = (what: string): string[] => KEYS.filter((spec) => spec.affects === what).map((spec) => spec.key);
    expect(affecting('dictation')).toEqual(['channel', 'baseUrl', 'factoryScope', 'profile', 'markers', 'markerUnit', 'maxUploadBytes', 'uploadFormat', 'engine', 'scriptFile']);
    // Costly if wrong: an output-only key here would re-dictate (a paid service charges again).
    for (const key of ['transcripts', 'align', 'padMode', 'find', 'contextWords', 'clipSource', 'snapMs']) expect(affecting('clips')).toContain(key);
    // Which recordings a run processes (run.json and merge follow them, no recording's fingerprint).
    expect(affecting('selection')).toEqual(['include', 'exclude']);
    for (const key of ['newService', 'maxResponseBytes', 'concurrency', 'shard', 'faults', 'dryRun']) expect(affecting('nothing')).toContain(key);
  });

  it('names env vars and flags from the key', () => {
    expect(upperSnake('padBeforeMs')).toBe('PAD_BEFORE_MS');
    expect(kebab('padBeforeMs')).toBe('pad-before-ms');
    const baseUrl = KEYS.find((spec) => spec.key === 'baseUrl');
    expect([baseUrl?.env, baseUrl?.flag]).toEqual([['DICTCLIP_BASE_URL'], 'base-url']);
    const ffmpeg = KEYS.find((spec) => spec.key === 'ffmpegPath');
    expect(ffmpeg?.env).toEqual(['DICTCLIP_FFMPEG_PATH', 'FFMPEG_PATH']);
  });
});

describe('suggestions', () => {
  it('computes edit distance and the closest candidate', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('Mode', 'mode')).toBe(0);
    expect(closest('concurency', ['mode', 'concurrency', 'fadeMs'])).toBe('concurrency');
  });
});
