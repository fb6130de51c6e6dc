/**
 * The embedded service with the real recognizer, driven by the project's own client: real human
 * speech from Debian's pocketsphinx-testdata (read where the package installs it), both marker
 * methods, markers checked against the transcript and the audio.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DictationClient } from '../../src/client/index.js';
import { decodeNewMarkers, decodeOldMarkers, validateMarkers } from '../../src/markers/index.js';
import { readWavInfo } from '../../src/audio/index.js';
import { isDictclipError } from '../../src/errors.js';
import { startService } from '../../src/service/index.js';
import type { TestService } from './helpers.js';
import { PASSWORD, startTestService } from './helpers.js';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const READING = 'sense_and_sensibility_01_austen_64kb-0870';

async function referenceWords(): Promise<string[]> {
  const lines = (await readFile(join(LIBRIVOX, 'transcription'), 'utf8')).split('\n');
  const line = lines.find((l) => l.includes(`(${READING})`));
  if (line === undefined) throw new Error(`no reference for ${READING}`);
  return line.replace(/<\/?s>|\(.*\)/g, '').trim().split(/\s+/);
}

describe('embedded service with PocketSphinx on real speech', () => {
  let test: TestService;
  let client: DictationClient;
  let location: string;
  let durationMs: number;
  const audio = join(LIBRIVOX, `${READING}.wav`);

  beforeAll(async () => {
    test = await startTestService({ engine: 'pocketsphinx' });
    client = new DictationClient({
      baseUrl: test.service.url,
      credentials: { scheme: 'basic', username: 'alice', password: PASSWORD },
      factoryScope: 'any',
    });
    durationMs = (await readWavInfo(audio)).durationMs;
    const audioUrl = await client.uploadAudio(audio, 'audio/x-wav');
    location = await client.createDictation({ audioUrl, audioFormat: 'pcm-16khz', streaming: false, audioUrlComplete: true });
    await client.waitForDone(location, { audioDurationMs: durationMs, initialIntervalMs: 200, maxIntervalMs: 500 });
  });

  afterAll(async () => {
    await client.close();
    await test.close();
  });

  it('recognizes the reading: most reference words, sentence case, final period', async () => {
    const text = await client.getText(location);
    expect(text).toMatch(/^[A-Z].*\.$/);
    const recognized = new Set(text.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/));
    const reference = await referenceWords();
    const found = reference.filter((word) => recognized.has(word));
    expect(found.length / reference.length).toBeGreaterThanOrEqual(0.6);
  });

  it('gives new-method markers consistent with the transcript and inside the audio', async () => {
    const text = await client.getText(location);
    const details = await client.getDictation(location);
    const raw = details.statsAsProperties.get('wordMarkers');
    expect(raw).toBeDefined();
    const { markers } = decodeNewMarkers(raw ?? '', { unit: 'seconds', audioDurationMs: durationMs });
    const result = validateMarkers(markers, { transcripts: [text], audioDurationMs: durationMs });
    expect(result.collapsed).toBe(false);
    expect(result.markers.length).toBeGreaterThan(10);
    expect(result.markers.at(-1)?.text).toBe('.');
    for (const [i, marker] of result.markers.entries()) {
      expect(text.slice(marker.textStart, marker.textStart + marker.textLength)).toBe(marker.text);
      expect(marker.endMs).toBeLessThanOrEqual(Math.ceil(durationMs));
      if (i > 0) expect(marker.startMs).toBeGreaterThanOrEqual(result.markers[i - 1]!.startMs);
    }
  });

  it('gives old-method markers describing the same words as the new method', async () => {
    const text = await client.getText(location);
    const details = await client.getDictation(location);
    const fromNew = decodeNewMarkers(details.statsAsProperties.get('wordMarkers') ?? '', { unit: 'seconds' }).markers;
    const audioStats = await client.getAudioStats(location);
    const textStats = await client.getTextStats(location);
    expect(textStats.get('Transcription')).toBe(text);
    const fromOld = decodeOldMarkers({
      wordAudioMarkers: audioStats.get('WordAudioMarkers') ?? '',
      wordTextMarkers: textStats.get('WordTextMarkers') ?? '',
      transcript: textStats.get('SubstitutedText') ?? text,
    });
    // The same words and times; only the new method carries each word's posterior (ours), from 0 to 1 on every word but the period.
    expect(fromOld).toEqual(fromNew.map(({ confidence: _, ...m }) => m));
    expect(fromNew.map((m) => m.text === '.' || (m.confidence! >= 0 && m.confidence! <= 1))).toEqual(fromNew.map(() => true));
    const observer = await client.getObserverUrl(location);
    await client.deregisterObserver(observer);
  });
});

describe('embedded service pocketsphinx options', () => {
  it('hands them to the engine: a bad maxActiveHmms fails the start with E_CONFIG, nothing created', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'dictclip-ps-options-')), 'data');
    const error = await startService({ dataDir, port: 0, pocketsphinx: { maxActiveHmms: 0 } }).then(() => undefined, (e: unknown) => e);
    expect(isDictclipError(error, 'E_CONFIG')).toBe(true);
    expect((error as Error).message).toContain('maxActiveHmms');
    expect(existsSync(dataDir)).toBe(false);
    await rm(dirname(dataDir), { recursive: true, force: true });
  });
});
