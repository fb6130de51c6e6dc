/** The words on the review page's waveform (src/review/page/lane.ts): the boxes, and where a dragged or nudged edge may go. */
import { describe, expect, it } from 'vitest';
import { edgeRange, laneHtml, movedTimes } from '../../src/review/page/lane.js';
import type { WordView } from '../../src/review/view.js';

const word = (text: string, startMs: number | null, endMs: number | null, extra: Partial<WordView> = {}): WordView => ({
  text, startMs, endMs, status: '', changed: false, textStart: 0, edited: false, verified: false, confidence: null, doubtful: false, ...extra,
});
// "uh" was typed in and has no time.
const WORDS = [word('please', 300, 700), word('uh', null, null), word('call', 900, 1400), word('stella', 1700, 2200)];

describe('laneHtml', () => {
  it('makes one box per timed word with its times, its state and a handle at each edge', () => {
    const html = laneHtml([word('a<b', 10, 20, { doubtful: true, confidence: 0.25 }), word('uh', null, null), word('c', 30, 40, { verified: true, edited: true })]);
    expect(html).toBe(
      '<span class="lw doubt" data-word="0" data-start-ms="10" data-end-ms="20" title="10 ms–20 ms · confidence 0.25 · in doubt">' +
      '<span class="edge" data-edge="start"></span><span class="lt">a&lt;b</span><span class="edge" data-edge="end"></span></span>' +
      '<span class="lw edited verified" data-word="2" data-start-ms="30" data-end-ms="40" title="30 ms–40 ms · times set by hand · verified">' +
      '<span class="edge" data-edge="start"></span><span class="lt">c</span><span class="edge" data-edge="end"></span></span>');
  });
});

describe('edgeRange and movedTimes', () => {
  it('keeps an edge between the timed neighbours and the word at least 10 ms long', () => {
    expect(edgeRange(WORDS, 2, 'start', 3000)).toEqual([700, 1390]);
    expect(edgeRange(WORDS, 2, 'end', 3000)).toEqual([910, 1700]);
    expect(edgeRange(WORDS, 0, 'start', 3000)).toEqual([0, 690]);
    expect(edgeRange(WORDS, 3, 'end', 3000)).toEqual([1710, 3000]);
  });

  it('moves one edge by whole ms, stopping at the range', () => {
    expect(movedTimes(WORDS, 2, 'start', -5, 3000)).toEqual({ startMs: 895, endMs: 1400 });
    expect(movedTimes(WORDS, 2, 'end', 1.4, 3000)).toEqual({ startMs: 900, endMs: 1401 });
    expect(movedTimes(WORDS, 2, 'start', -900, 3000)).toEqual({ startMs: 700, endMs: 1400 });
    expect(movedTimes(WORDS, 3, 'end', 5000, 3000)).toEqual({ startMs: 1700, endMs: 3000 });
    expect(movedTimes(WORDS, 2, 'start', 900, 3000)).toEqual({ startMs: 1390, endMs: 1400 });
  });

  it('lets a word that already overlaps its neighbour keep its place, but not go further', () => {
    const overlapping = [word('a', 0, 500), word('b', 450, 900)];
    expect(edgeRange(overlapping, 1, 'start', 1000)).toEqual([450, 890]);
    expect(edgeRange(overlapping, 0, 'end', 1000)).toEqual([10, 500]);
  });
});
