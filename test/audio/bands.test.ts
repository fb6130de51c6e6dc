import { describe, expect, it } from 'vitest';
import { BAND_COUNT, BandMeter } from '../../src/audio/bands.js';

/** `frames` frames of 160 samples of a sine at `hz` (16 kHz), amplitude 10,000, measured in order. */
function measureSine(hz: number, frames: number): Float32Array[] {
  const samples = Int16Array.from({ length: 160 * frames }, (_, i) => Math.round(10_000 * Math.sin((2 * Math.PI * hz * i) / 16_000)));
  const meter = new BandMeter(160, 16_000);
  return Array.from({ length: frames }, (_, f) => {
    const out = new Float32Array(BAND_COUNT);
    meter.measure(samples, f * 160, out, 0);
    return out;
  });
}

const strongest = (bands: Float32Array): number => bands.indexOf(Math.max(...bands));

describe('spectral bands of 10 ms frames', () => {
  it('puts a tone in the band around its frequency: 1.1 kHz in band 5 (of 16, mel-spaced from 100 Hz to 7.6 kHz: centred at 1,127 Hz), 4 kHz in band 12 (4,087 Hz)', () => {
    expect([strongest(measureSine(1100, 4)[3]!), strongest(measureSine(4000, 4)[3]!)]).toEqual([5, 12]);
  });

  it('measures each frame on the 25 ms that end with it: once 3 frames are in, a steady tone gives the same bands frame after frame', () => {
    const frames = measureSine(1000, 8); // 1 kHz: 10 periods a frame, so every 400-sample window holds the same samples
    for (const f of [4, 5, 6, 7]) expect(frames[f]).toEqual(frames[3]);
    // The first frames are measured with silence before the audio: less power.
    expect(frames[0]![5]!).toBeLessThan(frames[3]![5]!);
  });

  it('reads a last partial frame as far as the samples go', () => {
    const meter = new BandMeter(160, 16_000);
    const out = new Float32Array(BAND_COUNT).fill(-1);
    meter.measure(new Int16Array(100), 0, out, 0);
    expect([...out]).toEqual(new Array(BAND_COUNT).fill(0));
  });
});
