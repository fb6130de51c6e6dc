import { describe, expect, it } from 'vitest';
import { framesUnderTakeNoise, NOISE_AT_EDGE_MS, noiseAtEdges, TAKE_FRAME_MS } from '../../../src/align/confidence/take-noise.js';

/** 5 ms frame peaks: 100 frames of floor (30), then twice a take of 12 frames of its noise (200), 20 of a word (5000), 12 of noise. */
function peaks(): number[] {
  const take = [...Array(12).fill(200), ...Array(20).fill(5000), ...Array(12).fill(200)];
  return [...Array(100).fill(30), ...take, ...Array(100).fill(30), ...take, ...Array(100).fill(30)];
}
/** Where the first take's word starts and ends, ms. */
const WORD_START = (100 + 12) * TAKE_FRAME_MS;
const WORD_END = WORD_START + 20 * TAKE_FRAME_MS;

describe('take noise at a clip\'s edges', () => {
  it('marks the frames at most twice the take noise: the floor and the takes\' noise, never the word', () => {
    const under = framesUnderTakeNoise(peaks());
    expect(under.length).toBe(peaks().length);
    expect([...under.slice(100, 144)]).toEqual([...Array(12).fill(1), ...Array(20).fill(0), ...Array(12).fill(1)]);
    expect(under.reduce((n, u) => n + u, 0)).toBe(peaks().length - 40);
  });

  it('a clip opening or closing on 50 ms of that noise has the feature, on 45 ms it has not', () => {
    const under = framesUnderTakeNoise(peaks());
    expect(noiseAtEdges(under, WORD_START, WORD_END)).toEqual({ noiseAtStart: 0, noiseAtEnd: 0 });
    expect(noiseAtEdges(under, WORD_START - NOISE_AT_EDGE_MS, WORD_END)).toEqual({ noiseAtStart: 1, noiseAtEnd: 0 });
    expect(noiseAtEdges(under, WORD_START - 45, WORD_END)).toEqual({ noiseAtStart: 0, noiseAtEnd: 0 });
    expect(noiseAtEdges(under, WORD_START, WORD_END + 60)).toEqual({ noiseAtStart: 0, noiseAtEnd: 1 });
    expect(noiseAtEdges(under, WORD_START, WORD_END + 45)).toEqual({ noiseAtStart: 0, noiseAtEnd: 0 });
    // A clip of the noise alone, as long as the rule: both edges.
    expect(noiseAtEdges(under, 0, NOISE_AT_EDGE_MS)).toEqual({ noiseAtStart: 1, noiseAtEnd: 1 });
  });

  it('levels made by hand, with no such frames, give neither', () => {
    expect(noiseAtEdges(undefined, 0, 500)).toEqual({ noiseAtStart: 0, noiseAtEnd: 0 });
  });
});
