import { describe, expect, it } from 'vitest';
import { RecordingProgress } from '../../../src/pipeline/recording/progress.js';
import type { StageListener } from '../../../src/pipeline/recording/progress.js';

describe('RecordingProgress', () => {
  it('tells each stage once, forward only, with the audio length and chunk counts, and keeps the entered stage for failures', () => {
    const told: Parameters<StageListener>[0][] = [];
    const progress = new RecordingProgress((change) => told.push(change));
    progress.audio(2000);
    progress.enter('split');
    progress.chunks(0, 2);
    progress.enter('upload');
    progress.enter('dictate');
    progress.enter('markers'); // one chunk's markers while the other still dictates: still "dictate"
    expect(progress.stage).toBe('markers');
    progress.chunks(1, 2);
    progress.enter('dictate'); // not news
    progress.chunks(2, 2);
    progress.enter('output'); // the dictation saved: not told before the cut
    progress.enter('markers');
    progress.enter('cut');
    progress.enter('output');
    const chunks = (done: number): { audioMs: number; chunks: { done: number; total: number } } => ({
      audioMs: 2000,
      chunks: { done, total: 2 },
    });
    expect(told).toEqual([
      { stage: 'transcode' },
      { stage: 'split', audioMs: 2000 },
      { stage: 'split', ...chunks(0) },
      { stage: 'upload', ...chunks(0) },
      { stage: 'dictate', ...chunks(0) },
      { stage: 'dictate', ...chunks(1) },
      { stage: 'dictate', ...chunks(2) },
      { stage: 'markers', ...chunks(2) },
      { stage: 'cut', ...chunks(2) },
      { stage: 'output', ...chunks(2) },
    ]);
    expect([...progress.stop().keys()]).toEqual(['transcode', 'split', 'upload', 'dictate', 'markers', 'output', 'cut']);
  });
});
