import { describe, expect, it } from 'vitest';
import { DictclipError } from '../../src/errors.js';
import { routeNameOf } from '../../src/service/router.js';
import {
  corruptDictationXml, corruptStats, corruptWordMarkers, isDictationFault, mulberry32, parseFaultSpec,
} from '../../src/service/faults/index.js';

function configError(spec: string): DictclipError {
  try {
    parseFaultSpec(spec);
  } catch (error) {
    if (error instanceof DictclipError) return error;
    throw error;
  }
  throw new Error(`no error for ${spec}`);
}

describe('parseFaultSpec', () => {
  it('parses the string form', () => {
    expect(parseFaultSpec('seed=7,rate=0.2,kinds=500+502+503+429+reset+delay,delayMs=3000')).toEqual({
      seed: 7,
      rate: 0.2,
      kinds: ['500', '502', '503', '429', 'reset', 'delay'],
      delayMs: 3000,
      retryAfterS: 1,
      routes: undefined,
      afterRate: 0,
    });
    expect(parseFaultSpec('rate=1,kinds=reset,routes=upload+done,retryAfterS=0,afterRate=0.5')).toMatchObject({
      seed: 1, rate: 1, kinds: ['reset'], routes: ['upload', 'done'], retryAfterS: 0, afterRate: 0.5,
    });
  });

  it('parses the JSON form and blank specs', () => {
    expect(parseFaultSpec('{"seed":3,"rate":0.5,"kinds":["503","delay"],"delayMs":10}')).toMatchObject({
      seed: 3, rate: 0.5, kinds: ['503', 'delay'], delayMs: 10,
    });
    expect(parseFaultSpec('').rate).toBe(0);
  });

  it('names the bad part with E_CONFIG', () => {
    expect(configError('rate=2').message).toBe('Invalid fault specification at "rate=2": expected a number from 0 to 1.');
    expect(configError('rate=0.1,kinds=500+404').message).toBe(
      'Invalid fault specification at "kinds=500+404": "404" is not one of 500, 502, 503, 429, reset, delay.',
    );
    expect(configError('seed=1.5').message).toContain('"seed=1.5": expected an integer');
    expect(configError('colour=red').message).toContain('unknown key "colour"');
    expect(configError('rate').message).toContain('"rate": expected key=value');
    expect(configError('{"rate":').message).toContain('not valid JSON');
    expect(configError('routes=nowhere').code).toBe('E_CONFIG');
  });
});

describe('mulberry32', () => {
  it('is deterministic per seed and within [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(mulberry32(8)()).not.toBe(values[0]);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
  });
});

describe('routeNameOf (the router\'s route names)', () => {
  const d = '/SCDictation/rest/acme/dictations/abc';
  it.each([
    ['POST', '/SCFileserver/audio', 'upload'],
    ['GET', '/SCFileserver/audio/acme/x1', 'download'],
    ['POST', '/SCDictation/rest/nvoq/factory/dictations/', 'create'],
    ['GET', d, 'dictation'],
    ['GET', `${d}/done?x=1`, 'done'],
    ['GET', `${d}/text`, 'text'],
    ['GET', `${d}/audio/stats`, 'audio-stats'],
    ['GET', `${d}/text/stats`, 'text-stats'],
    ['GET', `${d}/stats/ClientObserverUrl`, 'observer'],
    ['POST', `${d}/cancel`, 'cancel'],
    ['GET', '/SCDictation/rest/acme/observers/o1/deregister', 'deregister'],
    ['POST', '/SCDictation/rest/account/password', 'password'],
    ['GET', '/SCFileserver/audio', 'other'], // a known path with a method it does not serve
    ['GET', '/elsewhere', 'other'],
  ])('%s %s → %s', (method, path, name) => {
    expect(routeNameOf(method, path)).toBe(name);
  });
});

describe('permanent dictation faults', () => {
  const xml = '<?xml version="1.0"?><dictation><done>true</done></dictation>';
  const markers = JSON.stringify([
    { audioStart: 0.39, audioLength: 0.33, textStart: 0, textLength: 2, text: 'My' },
    { audioStart: 0.72, audioLength: 0.51, textStart: 3, textLength: 5, text: 'text.' },
  ]);

  it('knows its fault names', () => {
    expect(['invalid-xml', 'truncated-xml', 'odd-markers', 'mismatched-markers', 'offsets-outside'].every(isDictationFault)).toBe(true);
    expect(isDictationFault('fail')).toBe(false);
    expect(isDictationFault(undefined)).toBe(false);
  });

  it('corrupts XML', () => {
    expect(corruptDictationXml(xml, 'invalid-xml')).toBe('<?xml version="1.0"?><dictation><done>true</done><broken attr=1>&</dictation>');
    expect(corruptDictationXml(xml, 'truncated-xml')).toBe('<?xml version="1.0"?><dictatio');
    expect(corruptDictationXml(xml, undefined)).toBe(xml);
    expect(corruptDictationXml(xml, 'odd-markers')).toBe(xml);
  });

  it('corrupts statistics entries', () => {
    const audio: [string, string | number][] = [['numWordAudioSegments', 2], ['WordAudioMarkers', '12482,23042,23042,39362']];
    const text: [string, string | number][] = [['SubstitutedText', 'My text.'], ['WordTextMarkers', '0,1,3,7']];
    expect(corruptStats(audio, 'odd-markers')).toEqual([['numWordAudioSegments', 2], ['WordAudioMarkers', '12482,23042,23042']]);
    expect(corruptStats(text, 'odd-markers')).toEqual([['SubstitutedText', 'My text.'], ['WordTextMarkers', '0,1,3']]);
    expect(corruptStats(audio, 'mismatched-markers')).toEqual([['numWordAudioSegments', 2], ['WordAudioMarkers', '12482,23042']]);
    expect(corruptStats(text, 'mismatched-markers')).toEqual(text);
    expect(corruptStats(text, 'offsets-outside')).toEqual([['SubstitutedText', 'My text.'], ['WordTextMarkers', '0,1,18,28']]);
    expect(corruptStats(audio, 'invalid-xml')).toEqual(audio);
    expect(corruptStats([['WordAudioMarkers', '']], 'odd-markers')).toEqual([['WordAudioMarkers', '0']]);
  });

  it('corrupts wordMarkers JSON', () => {
    const parsed = (fault: string): Record<string, unknown>[] =>
      JSON.parse(corruptWordMarkers(markers, fault)) as Record<string, unknown>[];
    expect(parsed('odd-markers')[1]).toEqual({ audioStart: 0.72, textStart: 3, textLength: 5, text: 'text.' });
    expect(parsed('mismatched-markers')[1]?.['text']).toBe('text.~mismatch');
    expect(parsed('offsets-outside')[1]?.['textStart']).toBe(18);
    expect(parsed('offsets-outside')[0]).toEqual(JSON.parse(markers)[0]);
    expect(corruptWordMarkers(markers, 'fail')).toBe(markers);
    expect(JSON.parse(corruptWordMarkers('[]', 'offsets-outside'))).toEqual([
      { audioStart: 0, audioLength: 0.1, textStart: 11, textLength: 1, text: 'x' },
    ]);
  });
});
