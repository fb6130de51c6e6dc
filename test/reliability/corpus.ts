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
