/**
 * The service share of a pipeline run: the embedded service as `dictclip run` starts it
 * (scripted engine, default jobConcurrency) dictating already-transcoded WAVs through the client
 * (upload, create, waitForDone, getDictation) with `concurrency` dictations in flight.
 * Prints { wallMs }. Usage: node bench/service-only.mjs <wavDir> <dataDir> <concurrency> <pollInitialMs> <pollMaxMs>
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { importDist } from './lib.mjs';
import { startEmbedded } from './polling.mjs';

const [wavDir, dataDir, concurrency, pollInitialMs, pollMaxMs] = process.argv.slice(2);
const client = await importDist('client/index.js');
await rm(dataDir, { recursive: true, force: true });
const audio = await importDist('audio/index.js');
const { service, credentials } = await startEmbedded(dataDir, { scripts: [], fallback: 'segments' }, { ffmpegPath: await audio.resolveFfmpeg() });
const dc = new client.DictationClient({ baseUrl: service.url, credentials, connections: 8 });
const files = (await readdir(wavDir)).sort();
let next = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
  while (next < files.length) {
    const path = join(wavDir, files[next++]);
    const audioUrl = await dc.uploadAudio(path, client.contentTypeForFormat('pcm-16khz'));
    const location = await dc.createDictation({ audioUrl, audioFormat: 'pcm-16khz', streaming: false, audioUrlComplete: true });
    await dc.waitForDone(location, { audioDurationMs: 2000, initialIntervalMs: Number(pollInitialMs), maxIntervalMs: Number(pollMaxMs) });
    await dc.getDictation(location);
  }
}));
console.log(JSON.stringify({ wallMs: performance.now() - t0, files: files.length }));
await dc.close();
await service.close();
