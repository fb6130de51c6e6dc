import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapEdges } from '../../src/audio/snap.js';
import { pcmWav, useTempDir } from './helpers.js';

const temp = useTempDir('snap');
let wav = '';

/** 16 kHz mono, 1 s: 440 Hz tone at 100–400 ms and 600–900 ms, digital silence elsewhere. */
beforeAll(() => {
  const tone = (i: number): number =>
    (i >= 1600 && i < 6400) || (i >= 9600 && i < 14400) ? Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000)) : 0;
  wav = join(temp(), 'gap.wav');
  writeFileSync(wav, pcmWav(Int16Array.from({ length: 16000 }, (_, i) => tone(i)), 16000));
});

describe('snapEdges', () => {
  it('moves an edge inside a sound to the nearest silent millisecond of its window', async () => {
    // The energy at m covers [m − 5, m + 5) ms: all silent up to 595 before the tone at 600, from 405 after the one ending at 400.
    expect(await snapEdges(wav, [{ startMs: 640, endMs: 380, startMinMs: 520, startMaxMs: 640, endMinMs: 380, endMaxMs: 480 }]))
      .toEqual([{ startMs: 595, endMs: 595 }]); // the end (405) cannot precede the start: an empty clip
    expect(await snapEdges(wav, [{ startMs: 640, endMs: 880, startMinMs: 520, startMaxMs: 640, endMinMs: 880, endMaxMs: 960 }]))
      .toEqual([{ startMs: 595, endMs: 905 }]);
  });

  it('never leaves its window: a neighbour\'s midpoint stops it in the sound', async () => {
    // Window [600, 640]: the quietest millisecond is 600 (half its energy window is silence), whose sample is 0.
    expect(await snapEdges(wav, [{ startMs: 640, endMs: 900, startMinMs: 600, startMaxMs: 640, endMinMs: 900, endMaxMs: 900 }]))
      .toEqual([{ startMs: 600, endMs: 900 }]);
  });

  it('keeps an edge already in silence where it is, and an empty window changes nothing', async () => {
    expect(await snapEdges(wav, [{ startMs: 500, endMs: 950, startMinMs: 450, startMaxMs: 550, endMinMs: 950, endMaxMs: 990 }]))
      .toEqual([{ startMs: 500, endMs: 950 }]);
    expect(await snapEdges(wav, [{ startMs: 250, endMs: 300, startMinMs: 250, startMaxMs: 250, endMinMs: 300, endMaxMs: 300 }]))
      .toEqual([{ startMs: 250, endMs: 300 }]);
  });

  it('prefers, near the quietest millisecond, the one whose sample is nearest zero', async () => {
    // Inside the tone, a 40 ms window has no silence: the result sits on a near-zero sample.
    const [snapped] = await snapEdges(wav, [{ startMs: 250, endMs: 300, startMinMs: 230, startMaxMs: 270, endMinMs: 300, endMaxMs: 300 }]);
    const sample = (ms: number): number => Math.abs(Math.round(8000 * Math.sin((2 * Math.PI * 440 * ms * 16) / 16000)));
    const near = [-2, -1, 0, 1, 2].map((d) => snapped!.startMs + d).filter((ms) => ms >= 230 && ms <= 270);
    expect(sample(snapped!.startMs)).toBe(Math.min(...near.map(sample)));
  });
});
