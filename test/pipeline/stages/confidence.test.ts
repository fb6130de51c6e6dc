import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeRecordingClips, scoreRecording, wordsToScore } from '../../../src/pipeline/stages/confidence.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import { BAND_COUNT } from '../../../src/audio/index.js';
import { pcmWav } from '../../helpers/audio.js';

describe('wordsToScore', () => {
  it('without a reference: the recognized words (no punctuation), each with the service\'s confidence when it gave one', () => {
    const result = {
      transcript: 'Cat sat.',
      collapsed: false,
      warnings: [],
      markers: [
        { text: 'Cat', textStart: 0, textLength: 3, startMs: 100, endMs: 400, confidence: 0.92 },
        { text: 'sat', textStart: 4, textLength: 3, startMs: 500, endMs: 800 },
        { text: '.', textStart: 7, textLength: 1, startMs: 800, endMs: 800, confidence: 0.5 },
      ],
    };
    expect(wordsToScore(result, undefined)).toEqual([
      { text: 'Cat', textStart: 0, startMs: 100, endMs: 400, source: 'recognized', posterior: 0.92 },
      { text: 'sat', textStart: 4, startMs: 500, endMs: 800, source: 'recognized', posterior: undefined },
    ]);
  });

  it('with a reference: a word matched as written takes the lowest confidence of the recognized words inside its times; others none', () => {
    const dictated = [
      { text: 'Ice', textStart: 0, textLength: 3, startMs: 100, endMs: 300, confidence: 0.8 },
      { text: 'cream', textStart: 4, textLength: 5, startMs: 300, endMs: 600, confidence: 0.4 },
      { text: 'cat', textStart: 10, textLength: 3, startMs: 700, endMs: 900, confidence: 0.9 },
      { text: '.', textStart: 13, textLength: 1, startMs: 900, endMs: 900, confidence: 0.1 },
    ];
    const placed = (text: string, textStart: number, startMs: number | null, endMs: number | null, placement: 'matched' | 'substituted' | 'unaligned') =>
      ({ text, textStart, textLength: text.length, startMs, endMs, placement, heard: placement === 'unaligned' ? 'unheard' as const : placement });
    const aligned = [
      placed('icecream', 0, 100, 600, 'matched'),
      placed('hat', 9, 700, 900, 'substituted'),
      placed('sat', 13, 900, 1000, 'unaligned'),
      placed('mat', 17, null, null, 'unaligned'),
    ];
    const result = { transcript: 'icecream hat sat mat', markers: [], collapsed: false, warnings: [] };
    expect(wordsToScore(result, aligned, dictated).map((w) => [w.text, w.source, w.posterior])).toEqual([
      ['icecream', 'matched', 0.4],
      ['hat', 'substituted', undefined],
      ['sat', 'estimated', undefined],
    ]);
    // The embedded engine's direct alignment has no dictation: no word has the service's confidence.
    expect(wordsToScore(result, aligned).map((w) => w.posterior)).toEqual([undefined, undefined, undefined]);
    // Beside a word of the text that could not be placed: "hat" (before "sat") and "sat" (before "mat"), not "icecream".
    expect(wordsToScore(result, aligned).map((w) => w.besideUnplaced)).toEqual([false, true, true]);
  });
});

describe('judgeRecordingClips', () => {
  it('flags a clip under the threshold low-confidence, unless it is already flagged unaligned (a word never found)', () => {
    // 10 ms frames: quiet, then 40 frames of speech, then quiet.
    const levels = recordingLevels(Float64Array.from('.'.repeat(10) + '#'.repeat(40) + '.'.repeat(10), (c) => (c === '#' ? 3000 : 10) ** 2 * 160));
    const words = [
      { text: 'one', textStart: 0, startMs: 100, endMs: 300, source: 'acoustic' as const, confidence: 0.9 },
      { text: 'two', textStart: 4, startMs: 300, endMs: 400, source: 'acoustic' as const, confidence: 0.2 },
      { text: 'six', textStart: 8, startMs: 400, endMs: 500, source: 'estimated' as const, confidence: 0 },
    ];
    const clips = [
      { startMs: 100, endMs: 300, textStart: 0, textLength: 3, flags: '' },
      { startMs: 300, endMs: 400, textStart: 4, textLength: 3, flags: '' },
      { startMs: 400, endMs: 500, textStart: 8, textLength: 3, flags: 'unaligned' },
    ];
    expect(judgeRecordingClips(clips, { words, levels }, 0.5).map((c) => [c.flags, c.confidence])).toEqual([
      ['', 0.9],
      ['low-confidence', 0.2],
      ['unaligned', 0],
    ]);
  });
});

describe('scoreRecording', () => {
  it('reads the spectral bands only when a word carries the aligner\'s evidence (only its model reads echo)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dictclip-score-'));
    try {
      const wav = join(dir, 'a.wav');
      await writeFile(wav, pcmWav(Int16Array.from({ length: 8000 }, (_, i) => Math.round(3000 * Math.sin(i / 5)))));
      const word = { text: 'a', textStart: 0, startMs: 100, endMs: 400 };
      const recognized = await scoreRecording(wav, [{ ...word, source: 'recognized' }]);
      const aligned = await scoreRecording(wav, [{ ...word, source: 'acoustic', evidence: { frames: 30, alignedScore: -300, loopScore: -200, phones: 1 } }]);
      expect([recognized.levels.bands, aligned.levels.bands?.length]).toEqual([undefined, 50 * BAND_COUNT]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
