/**
 * Words a spreadsheet would run (`=`, `+`, `-`, `@` first) and control
 * characters (NUL, ESC) from the service are written into manifest.csv safely — no cell starts a
 * formula, no control character but the line ends — and every dictclip reader and export gets
 * the exact words back. Dictated over WebSocket: its JSON carries NUL and ESC (XML cannot).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDataset } from '../../src/dataset/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { readManifest } from '../../src/run-output/read.js';
import type { ScriptFile } from '../../src/service/index.js';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir, type StartedService } from '../helpers/index.js';

const WORDS = ['=HYPERLINK("http://x.example","y")', '-A1', '+1', '@SUM(A1)', 'nul\u0000x', 'esc\u001B[31m', "'tis"];
const AT = WORDS.map((_, i) => [0.2 + i * 0.5, 0.5 + i * 0.5] as const);
const SCRIPT: ScriptFile = {
  scripts: [
    {
      match: { durationMs: 4000 },
      words: WORDS.map((word, i) => ({ word, startMs: Math.round((AT[i]?.[0] ?? 0) * 1000), endMs: Math.round((AT[i]?.[1] ?? 0) * 1000) })),
    },
  ],
  fallback: 'none',
};
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LF = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;

let svc: StartedService;
let out: string;

beforeAll(async () => {
  svc = await startTestService({ script: SCRIPT });
  const root = await tempDir('csv-cells');
  const input = path.join(root, 'in');
  await makeBursts(path.join(input, 'hostile.wav'), AT, { seconds: 4 });
  out = path.join(root, 'out');
  const result = await runPipeline(runOptions(input, out, { baseUrl: svc.url, credentials: svc.credentials, markers: 'websocket' }));
  expect(result.failures).toEqual([]);
});
afterAll(async () => {
  await svc.close();
  await removeTempDirs();
});

describe('manifest.csv cells', () => {
  it('hold no formula start and no control character but the line ends', async () => {
    const text = await readFile(path.join(out, 'manifest.csv'), 'utf8');
    expect(text).not.toMatch(CONTROL_BUT_LF);
    const [, ...rows] = parse(text) as string[][];
    expect(rows).toHaveLength(WORDS.length);
    for (const row of rows) for (const cell of row) if (!/^[+-]?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('read back as the exact words by the manifest reader and in an export', async () => {
    const read: string[] = [];
    for await (const row of readManifest(out)) read.push(row.text);
    expect(read).toEqual(WORDS);
    const exported = await exportDataset({ runDir: out, format: 'hf', to: path.join(out, 'hf') });
    expect(exported.splits).toBeDefined();
    const metadata = parse(await readFile(path.join(out, 'hf', 'train', 'metadata.csv'), 'utf8'), { columns: true }) as { text: string }[];
    expect(metadata.map((row) => row.text)).toEqual(WORDS);
  });
});
