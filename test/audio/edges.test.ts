import { describe, expect, it } from 'vitest';
import { EdgeMeter, FLOOR_DB } from '../../src/audio/edges.js';

/** Interleaved int16 LE samples. */
function pcm(values: readonly number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => buffer.writeInt16LE(value, i * 2));
  return buffer;
}

/** At 1,000 frames a second an edge (10 ms) is 10 frames. */
function levels(values: readonly number[], channels = 1, pieces: number[] = []): ReturnType<EdgeMeter['levels']> {
  const frames = values.length / channels;
  const meter = new EdgeMeter(frames, 1000, channels);
  let first = 0;
  for (const end of [...pieces, frames]) {
    meter.feed(pcm(values.slice(first * channels, end * channels)), first);
    first = end;
  }
  return meter.levels();
}

const constant = Array<number>(100).fill(1000);
const loudAfterSilence = [...Array<number>(10).fill(0), ...Array<number>(90).fill(1000)];

describe('EdgeMeter', () => {
  it('gives the floor at both edges of a silent clip', () => {
    expect(levels(Array<number>(100).fill(0))).toEqual({ edgeStartDb: FLOOR_DB, edgeEndDb: FLOOR_DB });
  });

  it('gives 0 dB at both edges of a clip of one level', () => {
    expect(levels(constant)).toEqual({ edgeStartDb: 0, edgeEndDb: 0 });
  });

  it('gives each edge\'s level relative to the whole clip, to 0.1 dB', () => {
    // Head silent: the floor; tail 1000 against a clip mean square of 0.9 × 1000²: +0.46 dB.
    expect(levels(loudAfterSilence)).toEqual({ edgeStartDb: FLOOR_DB, edgeEndDb: 0.5 });
  });

  it('gives the same levels whatever pieces the audio comes in', () => {
    expect(levels(loudAfterSilence, 1, [7])).toEqual(levels(loudAfterSilence));
    expect(levels(loudAfterSilence, 1, [3, 9, 10, 50, 95])).toEqual(levels(loudAfterSilence));
  });

  it('counts every channel of a frame', () => {
    // 100 stereo frames, only the last 10 sound: the tail holds all the energy, 10 × the mean.
    const stereo = [...Array<number>(180).fill(0), ...Array<number>(20).fill(1000)];
    expect(levels(stereo, 2)).toEqual({ edgeStartDb: FLOOR_DB, edgeEndDb: 10 });
  });

  it('reads a buffer at an odd byte offset', () => {
    const meter = new EdgeMeter(100, 1000, 1);
    const shifted = Buffer.alloc(201);
    pcm(loudAfterSilence).copy(shifted, 1);
    meter.feed(shifted.subarray(1), 0);
    expect(meter.levels()).toEqual({ edgeStartDb: FLOOR_DB, edgeEndDb: 0.5 });
  });

  it('takes the whole clip as each edge when it is shorter than 10 ms', () => {
    expect(levels([500, -500, 500, -500, 500])).toEqual({ edgeStartDb: 0, edgeEndDb: 0 });
  });
});
