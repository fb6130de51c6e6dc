import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFrameEnergies, readFrameStats } from '../../src/audio/pauses.js';
import { readWavInfo } from '../../src/wav-header.js';
import { useTempDir, writePcmWav } from './helpers.js';

describe('readFrameStats', () => {
  const dir = useTempDir('frame-stats');

  it('counts per frame its sum of squares and the sign changes between its consecutive samples (0 counts as positive)', async () => {
    // Frame 0: +100, −100, … (every one of its 159 pairs changes sign); frame 1: all 5 (none);
    // a last partial frame of 10 samples: 0, −1, 0, −1, … (9 changes).
    const samples = Int16Array.from([
      ...Array.from({ length: 160 }, (_, i) => (i % 2 === 0 ? 100 : -100)),
      ...Array.from({ length: 160 }, () => 5),
      ...Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 0 : -1)),
    ]);
    const path = writePcmWav(join(dir(), 'a.wav'), samples);
    const wav = { ...(await readWavInfo(path)), path };
    const stats = await readFrameStats(wav, 160);
    expect(Array.from(stats.crossings)).toEqual([159, 0, 9]);
    expect(Array.from(stats.energies)).toEqual([160 * 100 ** 2, 160 * 25, 5]);
    expect(Array.from(await readFrameEnergies(wav, 160))).toEqual(Array.from(stats.energies));
    expect(stats.peaks).toBeUndefined();
  });

  it('measures each frame\'s peak when asked: its largest absolute sample, 32768 for −32768', async () => {
    const samples = Int16Array.from([
      ...Array.from({ length: 160 }, (_, i) => (i === 17 ? -32768 : 3)),
      ...Array.from({ length: 160 }, (_, i) => (i === 159 ? 1234 : -7)),
      ...Array.from({ length: 10 }, () => 0),
    ]);
    const path = writePcmWav(join(dir(), 'b.wav'), samples);
    const wav = { ...(await readWavInfo(path)), path };
    const stats = await readFrameStats(wav, 160, undefined, { peaks: true });
    expect(Array.from(stats.peaks!)).toEqual([32768, 1234, 0]);
    expect(stats.bands).toBeUndefined();
  });
});
