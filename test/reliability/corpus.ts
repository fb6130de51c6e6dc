/** Small recordings with tone bursts at known times, shared by the reliability tests. */
import { join } from 'node:path';
import { makeBursts, type Burst } from '../helpers/index.js';

export interface CorpusFile {
  rel: string;
  seconds: number;
  bursts: Burst[];
}

/** Six short recordings (1.3–2.6 s, 16 kHz mono) whose bursts the `segments` fallback names as words. */
export const CORPUS: readonly CorpusFile[] = [
  { rel: 'a.wav', seconds: 1.3, bursts: [[0.1, 0.4], [0.7, 1.1]] },
  { rel: 'b.wav', seconds: 1.6, bursts: [[0.2, 0.5], [0.8, 1.0], [1.2, 1.5]] },
  { rel: 'c.wav', seconds: 1.9, bursts: [[0.1, 0.6], [1.0, 1.7]] },
  { rel: 'sub/d.wav', seconds: 2.1, bursts: [[0.3, 0.6], [0.9, 1.2], [1.5, 1.9]] },
  { rel: 'sub/e.wav', seconds: 2.3, bursts: [[0.2, 1.0], [1.4, 2.1]] },
  { rel: 'f.wav', seconds: 2.6, bursts: [[0.1, 0.3], [0.6, 0.9], [1.3, 1.6], [2.0, 2.4]] },
];

/** Write the corpus (or `files`) into `dir`. */
export async function writeCorpus(dir: string, files: readonly CorpusFile[] = CORPUS): Promise<string> {
  await Promise.all(files.map((f) => makeBursts(join(dir, f.rel), f.bursts, { seconds: f.seconds })));
  return dir;
}

/** manifest.csv with the dictation_id column (random service ids) replaced by a stable placeholder. */
export function withoutDictationIds(csv: string): string {
  const lines = csv.split('\n');
  const header = (lines[0] ?? '').split(',');
  const column = header.indexOf('dictation_id');
  if (column < 0) throw new Error(`manifest without a dictation_id column: ${lines[0] ?? ''}`);
  return lines.map((line, i) => {
    if (i === 0 || line === '') return line;
    const cells = splitCsvLine(line);
    cells[column] = 'ID';
    return cells.join(',');
  }).join('\n');
}

/** Split one CSV line (RFC 4180 quoting kept as is). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
