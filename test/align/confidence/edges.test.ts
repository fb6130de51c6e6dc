import { describe, expect, it } from 'vitest';
import { cutsIntoSpeech, EDGE_SPEECH_MS, MAX_TAIL_MS } from '../../../src/align/confidence/edges.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';

/** Levels of a recording drawn as 10 ms frames: `#` speech (RMS 3000), `.` noise (RMS 10). */
function levelsOf(frames: string): ReturnType<typeof recordingLevels> {
  return recordingLevels(Float64Array.from(frames, (c) => (c === '#' ? 3000 : 10) ** 2 * 160));
}

describe('cut-edge: does a clip edge cut into speech', () => {
  it('reads speech and noise frames as the drawing says', () => {
    const levels = levelsOf('..........####..........');
    expect(Array.from(levels.quiet).join('')).toBe('111111111100001111111111');
    expect([Math.round(levels.floorDb), Math.round(levels.speechDb)]).toEqual([20, 70]);
  });

  it('leaves a word cut in pauses, and words that touch, alone', () => {
    const levels = levelsOf('.....#####.....##########.....');
    expect(cutsIntoSpeech({ startMs: 50, endMs: 100 }, undefined, { startMs: 150, endMs: 250 }, levels)).toBe(false);
    // Touching words: the boundary at 200 ms is loud on both sides, and owned by the neighbour.
    expect(cutsIntoSpeech({ startMs: 150, endMs: 200 }, { startMs: 50, endMs: 100 }, { startMs: 200, endMs: 250 }, levels)).toBe(false);
    expect(cutsIntoSpeech({ startMs: 200, endMs: 250 }, { startMs: 150, endMs: 200 }, undefined, levels)).toBe(false);
  });

  it('flags a word whose sound goes on past its end (or before its start) for 50 ms or more', () => {
    const levels = levelsOf('.....##########..........##########.....');
    // The word sounds from 50 to 150 ms; a clip ending at 100 ms leaves 50 ms of it outside.
    expect(cutsIntoSpeech({ startMs: 50, endMs: 100 }, undefined, { startMs: 250, endMs: 350 }, levels)).toBe(true);
    // 40 ms: within the tolerance
    expect(cutsIntoSpeech({ startMs: 50, endMs: 110 }, undefined, { startMs: 250, endMs: 350 }, levels)).toBe(false);
    expect(cutsIntoSpeech({ startMs: 100, endMs: 150 }, undefined, { startMs: 250, endMs: 350 }, levels)).toBe(true);
    expect(EDGE_SPEECH_MS).toBe(50);
  });

  it('reads a speaker\'s noise bed past the edges as quiet where `edgeQuiet` counts it so', () => {
    // A word (50–150 ms) whose take's bed (RMS 300, 49.5 dB, `~`) runs on 60 ms past the clip's end, then the floor.
    const frames = '.....##########~~~~~~..........##########.....';
    const energies = Float64Array.from(frames, (c) => ({ '#': 3000, '~': 300, '.': 10 })[c]! ** 2 * 160);
    const next = { startMs: 310, endMs: 410 };
    expect(cutsIntoSpeech({ startMs: 50, endMs: 150 }, undefined, next, recordingLevels(energies))).toBe(true);
    const bedded = recordingLevels(energies, 160, undefined, undefined, null, 20 * Math.log10(300));
    expect(cutsIntoSpeech({ startMs: 50, endMs: 150 }, undefined, next, bedded)).toBe(false);
  });

  it('does not take a long stretch of unlabelled speech in the gap for the word going on', () => {
    // 300 ms of sound right after the clip, falling quiet before the next word: another word nobody labelled.
    const levels = levelsOf('.....##########' + '#'.repeat(30) + '..........##########.....');
    expect(MAX_TAIL_MS).toBe(250);
    expect(cutsIntoSpeech({ startMs: 50, endMs: 150 }, undefined, { startMs: 550, endMs: 650 }, levels)).toBe(false);
    // The same sound running on into the next word does cut into speech.
    const joined = levelsOf('.....##########' + '#'.repeat(30) + '##########.....');
    expect(cutsIntoSpeech({ startMs: 50, endMs: 150 }, undefined, { startMs: 450, endMs: 550 }, joined)).toBe(true);
    // Unless the next word is closer than 150 ms: 140 ms of sound between them is the passage from one to the other.
    expect(cutsIntoSpeech({ startMs: 50, endMs: 310 }, undefined, { startMs: 450, endMs: 550 }, joined)).toBe(false);
    expect(cutsIntoSpeech({ startMs: 50, endMs: 300 }, undefined, { startMs: 450, endMs: 550 }, joined)).toBe(true);
  });

  it('flags a clip that holds 50 ms or more of a neighbouring word\'s audible speech', () => {
    const levels = levelsOf('.....##########.....##########.....');
    const next = { startMs: 200, endMs: 300 };
    expect(cutsIntoSpeech({ startMs: 50, endMs: 250 }, undefined, next, levels)).toBe(true);
    expect(cutsIntoSpeech({ startMs: 50, endMs: 240 }, undefined, next, levels)).toBe(false);
    const previous = { startMs: 50, endMs: 150 };
    expect(cutsIntoSpeech({ startMs: 100, endMs: 300 }, previous, undefined, levels)).toBe(true);
  });
});
