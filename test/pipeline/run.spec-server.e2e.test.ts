/**
 * The pipeline against a minimal service written from the spec alone (not the embedded one):
 * relative Locations, chunked dictation XML with comments and multi-line JSON, the public float
 * example (`My text so far.`), gzip statistics with a DOCTYPE, no observer support. With
 * `padMs 0`, clip boundaries must equal the spec's arithmetic to the millisecond:
 * new method round(seconds × 1000); old method floor((bytes / 2) / 16000 * 1000).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msToSample, readWavInfo } from '../../src/audio/index.js';
import { defaultValues } from '../../src/config/index.js';
import { runPipeline, type RunOptions } from '../../src/pipeline/index.js';
import { makeBursts, removeTempDirs, tempDir } from '../helpers/index.js';

const AUTH = `Basic ${Buffer.from('spec-user:spec-password').toString('base64')}`;
const TEXT = 'My text so far.';
const WORD_MARKERS = `[
    {"audioStart": 0.39, "audioLength": 0.32999998, "textStart": 0, "textLength": 2, "text": "My"},
    {"audioStart": 0.71999997, "audioLength": 0.51, "textStart": 3, "textLength": 4, "text": "text"},
    {"audioStart": 1.26, "audioLength": 0.29, "textStart": 8, "textLength": 2, "text": "so"},
    {"audioStart": 1.55, "audioLength": 0.41, "textStart": 11, "textLength": 3, "text": "far"},
    {"audioStart": 2.0, "audioLength": 0.48, "textStart": 14, "textLength": 1, "text": "."}
  ]`;
// 3518 → 109 and 32032 → 1000 by the formula evaluated as written (1001 exactly).
const WORD_AUDIO = '3518,23358,32032,39360,40320,49600,49600,62720,64000,79360';
const WORD_TEXT = '0,1,3,6,8,9,11,13,14,14';

function properties(entries: Record<string, string>): string {
  const body = Object.entries(entries).map(([k, v]) => `<entry key="${k}">${v}</entry>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">\n<properties>${body}</properties>`;
}

/** The spec's calls only; `/text` answers `textOverride` when set (markers then index the stats' SubstitutedText). */
function specServer(state: { polls: number; textOverride?: string }) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for await (const _ of req); // drain uploads and forms
    if (req.headers.authorization !== AUTH) return void res.writeHead(401).end('no');
    const url = req.url ?? '';
    const dictation = '/SCDictation/rest/t1/dictations/d1';
    if (req.method === 'POST' && url === '/SCFileserver/audio') return void res.writeHead(201, { Location: '/SCFileserver/audio/t1/a1' }).end();
    if (req.method === 'POST' && url === '/SCDictation/rest/nvoq/factory/dictations/') return void res.writeHead(201, { Location: dictation }).end();
    if (url === `${dictation}/done`) return void res.end(++state.polls > 1 ? 'true' : 'false');
    if (url === `${dictation}/text`) return void res.end(state.textOverride ?? TEXT);
    if (url === dictation) {
      res.writeHead(200, { 'content-type': 'text/xml' }); // no Content-Length: chunked
      res.write('<?xml version="1.0"?>\n<!-- a dictation -->\n<dictation><done>true</done><id>d1</id>');
      res.write(`<statsAsProperties><entry><key>wordMarkers</key><value>${WORD_MARKERS}</value></entry></statsAsProperties>`);
      return void res.end('<canceled>false</canceled><streaming>false</streaming></dictation>');
    }
    const gz = (xml: string): void => void res.writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip' }).end(gzipSync(xml));
    if (url === `${dictation}/audio/stats`) return gz(properties({ WordAudioMarkers: WORD_AUDIO, numWordAudioSegments: '5', AudioMarkers: 'garbage' }));
    if (url === `${dictation}/text/stats`) {
      return gz(properties({ Transcription: TEXT, SubstitutedText: TEXT, WordTextMarkers: WORD_TEXT, TextMarkers: '9,9,9' }));
    }
    res.writeHead(404).end();
  };
}

let root: string;
let server: Server;
const state: { polls: number; textOverride?: string } = { polls: 0 };

beforeAll(async () => {
  root = await tempDir('spec-server');
  await makeBursts(path.join(root, 'in', 'public.wav'), [[0.39, 1.96]], { seconds: 2.6 });
  server = createServer((req, res) => void specServer(state)(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await removeTempDirs();
});

async function run(name: string, overrides: Partial<RunOptions>): Promise<string[][]> {
  state.polls = 0;
  const outDir = path.join(root, name);
  const { port } = server.address() as { port: number };
  const result = await runPipeline({
    ...defaultValues(outDir), inputDir: path.join(root, 'in'), outDir, baseUrl: `http://127.0.0.1:${port}`,
    credentials: { scheme: 'basic', username: 'spec-user', password: 'spec-password' },
    pollInitialMs: 50, pollMaxMs: 100, padBeforeMs: 0, padAfterMs: 0, confidenceThreshold: 0, ...overrides,
  });
  expect(result.failures).toEqual([]);
  const rows = (await readFile(result.manifestPath, 'utf8')).trimEnd().split('\n').slice(1).map((l) => l.split(','));
  for (const row of rows) {
    const clip = await readWavInfo(path.join(outDir, row[0]!));
    expect(clip.samples).toBe(msToSample(Number(row[4])) - msToSample(Number(row[3])));
  }
  return rows.map((r) => r.slice(1, 8).concat(r.slice(9, 12)));
}

describe('runPipeline against a service written from the spec', () => {
  it('new method, word mode: round(seconds × 1000)', async () => {
    expect(await run('new-word', { markers: 'new' })).toEqual([
      ['My', 'public.wav', '390', '720', '330', 'word', 'new', '0', '2', ''],
      ['text', 'public.wav', '720', '1230', '510', 'word', 'new', '3', '4', ''],
      ['so', 'public.wav', '1260', '1550', '290', 'word', 'new', '8', '2', ''],
      ['far', 'public.wav', '1550', '1960', '410', 'word', 'new', '11', '3', ''],
    ]);
  });

  it('old method, word mode: floor((bytes / 2) / 16000 * 1000) as written', async () => {
    // The old method's times leave 729–1000 ms of the tone to no word: both clips around it cut into it.
    expect(await run('old-word', { markers: 'old' })).toEqual([
      ['My', 'public.wav', '109', '729', '620', 'word', 'old', '0', '2', 'cut-edge'],
      ['text', 'public.wav', '1000', '1230', '230', 'word', 'old', '3', '4', 'cut-edge'],
      ['so', 'public.wav', '1260', '1550', '290', 'word', 'old', '8', '2', ''],
      ['far', 'public.wav', '1550', '1960', '410', 'word', 'old', '11', '3', ''],
    ]);
  });

  it('both methods, phrase mode: first word start to last word end, closing period in the text only', async () => {
    expect(await run('new-phrase', { markers: 'new', mode: 'phrase' })).toEqual([['My text so far.', 'public.wav', '390', '1960', '1570', 'phrase', 'new', '0', '15', '']]);
    expect(await run('old-phrase', { markers: 'old', mode: 'phrase' })).toEqual([['My text so far.', 'public.wav', '109', '1960', '1851', 'phrase', 'old', '0', '15', '']]);
  });

  it('new method: markers that do not fit /text are checked against the text statistics before failing', async () => {
    state.textOverride = 'my text so far';
    try {
      expect((await run('new-fallback', { markers: 'new' })).map((r) => r[0])).toEqual(['My', 'text', 'so', 'far']);
    } finally {
      delete state.textOverride;
    }
  });
});
