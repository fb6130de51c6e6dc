import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corruptDictationXml, corruptStats, corruptWordMarkers, DICTATION_FAULTS,
} from '../../../src/service/faults/index.js';
import { corruptDictationDocument, corruptStatsDocument } from '../../../src/service/faults/layer.js';
import { dictationXml, propertiesXml } from '../../../src/service/render-xml.js';
import { create, get, makeWav, startTestService, upload, waitDone, type TestService } from '../helpers.js';

const MARKERS = JSON.stringify([
  { text: 'My', textStart: 0, textLength: 2, audioStart: 0.39, audioLength: 0.33 },
  { text: 'a<b&"c', textStart: 3, textLength: 6, audioStart: 0.72, audioLength: 0.51 },
]);
const ENTRIES: [string, string | number][] = [
  ['numWordAudioSegments', 2], ['WordAudioMarkers', '12482,23042,23042,39362'],
  ['SubstitutedText', 'My a<b&"c.'], ['WordTextMarkers', '0,1,3,8'],
];

function dictation(markers: string): string {
  return dictationXml({
    done: true, id: 'id', profile: undefined, queuedTime: 1, statsAsProperties: [['wordMarkers', markers], ['error', 'x & y']],
    statsString: 's', url: 'u', audioName: 'a', tenantDatabase: 't', textName: 'n', canceled: false, canceledTime: undefined,
    phonemesName: 'p', streaming: false, substitutedTextName: 's',
  });
}

describe('the fault layer rewrites rendered documents exactly as rendering corrupted data did', () => {
  it.each(DICTATION_FAULTS)('%s: dictation XML', (fault) => {
    const expected = corruptDictationXml(dictation(corruptWordMarkers(MARKERS, fault)), fault);
    expect(corruptDictationDocument(dictation(MARKERS), fault)).toBe(expected);
  });

  it.each(DICTATION_FAULTS)('%s: statistics properties', (fault) => {
    const expected = corruptDictationXml(propertiesXml(corruptStats(ENTRIES, fault)), fault);
    expect(corruptStatsDocument(propertiesXml(ENTRIES), fault)).toBe(expected);
  });

  it('changes the documents of marker faults (the check above is not vacuous)', () => {
    expect(corruptStatsDocument(propertiesXml(ENTRIES), 'odd-markers')).toContain('<entry key="WordAudioMarkers">12482,23042,23042</entry>');
    expect(corruptDictationDocument(dictation(MARKERS), 'mismatched-markers')).toContain('a&lt;b&amp;\\&quot;c~mismatch');
  });
});

describe('per-dictation faults in the running service', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({
      script: { scripts: [{ match: { durationMs: 1700 }, fault: 'odd-markers', words: [{ word: 'hello', startMs: 100, endMs: 600 }] }], fallback: 'segments' },
    });
  });
  afterAll(() => t.close());

  it('answers the faulty statistics but stores a clean record', async () => {
    const location = await create(t, await upload(t, await makeWav(t.mediaDir, 'odd.wav', 1700)));
    await waitDone(location, t.alice);
    const audio = await get(`${location}/audio/stats`, t.alice);
    expect(audio.text).toContain('<entry key="WordAudioMarkers">3202,19202,19202</entry>');
    const xml = await get(location, t.alice);
    // odd-markers: the last marker (the closing period) has lost its audioLength.
    expect(xml.text).toContain('&quot;audioLength&quot;:0.5,&quot;textStart&quot;:0');
    expect(xml.text).toContain('{&quot;audioStart&quot;:0.6,&quot;textStart&quot;:5');
    await t.service.close(); // waits for the record's write ('done' answers from memory first)
    const tenantDir = join(t.dataDir, 'dictations', 'acme');
    const [file] = await readdir(tenantDir);
    const stored = await readFile(join(tenantDir, file ?? ''), 'utf8');
    expect(stored).toContain('"markers"');
    expect(stored).not.toContain('fault');
  });
});
