import { describe, expect, it } from 'vitest';
import { alignTokens, SMALL_CELLS } from '../../src/align/edit.js';
import { alignText } from '../../src/align/text.js';
import type { RecognizedWord } from '../../src/align/text.js';

/** A seeded generator (mulberry32): the same words every run. */
function random(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`);

/**
 * A reference of `count` words (Zipf-like: common words repeat a lot) and what a recognizer with
 * about `errorRate` word errors heard: substitutions, deletions, insertions ("um"), each word 300 ms.
 * Returns the recognized index of each reference word heard as written (-1 otherwise).
 */
function book(count: number, errorRate: number, seed = 7): { reference: string[][]; recognized: RecognizedWord[]; truth: number[] } {
  const next = random(seed);
  const reference = Array.from({ length: count }, () => [VOCABULARY[Math.floor(VOCABULARY.length * next() ** 3)]!]);
  const recognized: RecognizedWord[] = [];
  const truth: number[] = [];
  let ms = 0;
  const hear = (word: string): void => {
    recognized.push({ spoken: [word], startMs: ms, endMs: ms + 300 });
    ms += 350;
  };
  for (const [word] of reference) {
    const roll = next();
    if (roll < errorRate / 3) {
      truth.push(-1); // not heard
      continue;
    }
    if (roll < (2 * errorRate) / 3) {
      truth.push(-1);
      hear(`x${Math.floor(next() * 1e6)}`); // misheard
      continue;
    }
    if (roll < errorRate) hear('um'); // a filler before the word
    truth.push(recognized.length);
    hear(word!);
  }
  return { reference, recognized, truth };
}

describe('alignText', () => {
  it('gives matched words their recognized word times, a misheard word its substitute, and leaves fillers out', () => {
    const reference = [['chapter'], ['one'], ['doctor'], ['smith'], ['paid'], ['nineteen', 'eighty', 'four'], ['anna'], ['quietly']];
    const recognized: RecognizedWord[] = [
      { spoken: ['doctor'], startMs: 500, endMs: 800 },
      { spoken: ['smith'], startMs: 850, endMs: 1200 },
      { spoken: ['um'], startMs: 1300, endMs: 1500 },
      { spoken: ['paid'], startMs: 1600, endMs: 1900 },
      { spoken: ['nineteen', 'eighty', 'four'], startMs: 2000, endMs: 2900 },
      { spoken: ['hannah'], startMs: 3000, endMs: 3400 },
    ];
    const { words, agreement } = alignText(reference, recognized);
    expect(words).toEqual([
      { placement: 'unheard' }, { placement: 'unheard' },
      { placement: 'matched', startMs: 500, endMs: 800, recognized: [0, 0] },
      { placement: 'matched', startMs: 850, endMs: 1200, recognized: [1, 1] },
      { placement: 'matched', startMs: 1600, endMs: 1900, recognized: [3, 3] },
      { placement: 'matched', startMs: 2000, endMs: 2900, recognized: [4, 4] },
      { placement: 'substituted', startMs: 3000, endMs: 3400, recognized: [5, 5] },
      { placement: 'unheard' },
    ]);
    expect(agreement).toEqual({ words: 8, matched: 4, substituted: 1, unheard: 3, extra: 1, wer: 5 / 10 });
  });

  it('pairs a misheard word with the heard word that begins alike, not with a word heard after it', () => {
    // Reference "Please call Stanley." heard "please call stella today": either pairing costs one
    // substitution and one extra word; Stanley must take stella's time, never today's.
    const reference = [['please'], ['call'], ['stanley']];
    const recognized: RecognizedWord[] = [
      { spoken: ['please'], startMs: 100, endMs: 400 }, { spoken: ['call'], startMs: 450, endMs: 700 },
      { spoken: ['stella'], startMs: 750, endMs: 1100 }, { spoken: ['today'], startMs: 1150, endMs: 1500 },
    ];
    expect(alignText(reference, recognized).words[2]).toEqual({ placement: 'substituted', startMs: 750, endMs: 1100, recognized: [2, 2] });
    const later: RecognizedWord[] = [
      recognized[0]!,
      recognized[1]!,
      { spoken: ['today'], startMs: 750, endMs: 1100 },
      { spoken: ['stella'], startMs: 1150, endMs: 1500 },
    ];
    expect(alignText(reference, later).words[2]).toEqual({ placement: 'substituted', startMs: 1150, endMs: 1500, recognized: [3, 3] });
  });

  it('shares a recognized word said as several tokens among the reference words it covers', () => {
    const { words } = alignText(
      [['nineteen'], ['eighty'], ['four']],
      [{ spoken: ['nineteen', 'eighty', 'four'], startMs: 1000, endMs: 2800 }],
    );
    // By token length: nineteen (8), eighty (6), four (4) of 18 characters over 1800 ms.
    expect(words.map((w) => [w.startMs, w.endMs])).toEqual([[1000, 1800], [1800, 2400], [2400, 2800]]);
  });

  it('aligns a 3-hour book (30,000 words, a quarter misheard) in linear memory, every correctly heard word at its marker', () => {
    const { reference, recognized, truth } = book(30_000, 0.25);
    const { words, stats } = alignText(reference, recognized);
    const n = reference.length + recognized.length;
    // Never a words × words table: at most one bounded gap table, and work linear in the length.
    expect(stats.peakCells).toBeLessThanOrEqual(SMALL_CELLS + 2 * n);
    expect(stats.cells).toBeLessThan(200 * n);
    let exact = 0;
    for (const [i, r] of truth.entries()) {
      if (r >= 0 && words[i]?.startMs === recognized[r]!.startMs && words[i]?.endMs === recognized[r]!.endMs) exact++;
    }
    const heard = truth.filter((r) => r >= 0).length;
    expect(exact / heard).toBeGreaterThan(0.995);
  });

  it('falls back to divide and conquer (two cost rows) without anchors, at the optimal cost', () => {
    // Two symbols only: no trigram is unique, so nothing anchors; 1,200 × 1,100 cells exceed one table.
    const next = random(3);
    const ref = Int32Array.from({ length: 1_200 }, () => (next() < 0.5 ? 0 : 1));
    const rec = Int32Array.from({ length: 1_100 }, () => (next() < 0.5 ? 0 : 1));
    const stats = { cells: 0, peakCells: 0 };
    const out = alignTokens(ref, rec, stats);
    expect(stats.peakCells).toBeLessThanOrEqual(SMALL_CELLS + 2 * (ref.length + rec.length + 2));
    expect(stats.cells).toBeGreaterThan(ref.length * rec.length); // Hirschberg's rows, not one table
    expect(cost(ref, rec, out)).toBe(optimalCost(ref, rec));
  });
});

/** The cost of an alignment (match 0, substitution 6, a token left over 4; no sound-alike classes). */
function cost(ref: Int32Array, rec: Int32Array, out: Int32Array): number {
  let total = 0;
  let used = 0;
  let last = -1;
  for (const [i, r] of out.entries()) {
    if (r < 0) {
      total += 4;
      continue;
    }
    expect(r).toBeGreaterThan(last);
    last = r;
    used++;
    total += ref[i] === rec[r] ? 0 : 6;
  }
  return total + 4 * (rec.length - used);
}

/** The optimal cost by the textbook full table (test only). */
function optimalCost(ref: Int32Array, rec: Int32Array): number {
  let prev = Array.from({ length: rec.length + 1 }, (_, j) => 4 * j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [4 * i];
    for (let j = 1; j <= rec.length; j++)
      cur[j] = Math.min(prev[j - 1]! + (ref[i - 1] === rec[j - 1] ? 0 : 6), prev[j]! + 4, cur[j - 1]! + 4);
    prev = cur;
  }
  return prev[rec.length]!;
}
