/** A recording's markup on the review page (src/review/page/recording-html.ts): its badges and its text with the words marked. */
import { describe, expect, it } from 'vitest';
import { badges, textHtml } from '../../src/review/page/recording-html.js';
import type { RecordingListEntry, WordView } from '../../src/review/view.js';

const word = (text: string, textStart: number, startMs: number | null, endMs: number | null): WordView => ({ text, startMs, endMs, status: '', changed: false, textStart, edited: false, verified: false, confidence: null, doubtful: false });

describe('textHtml', () => {
  it('marks each word with its index and tooltip, and keeps the text between the words as it is, escaped', () => {
    expect(textHtml('Call <Stella>, now.', [word('Call', 0, 300, 700), word('now', 15, null, null)])).toBe(
      '<span class="w" data-w="0" title="300 ms–700 ms">Call</span> &lt;Stella&gt;, ' +
        '<span class="w untimed" data-w="1" title="not placed in the audio">now</span>.',
    );
  });
});

describe('badges', () => {
  const entry: RecordingListEntry = {
    source: 'a.wav', clips: 1, flagged: 0, disagreements: 0, corrected: false, playable: true, words: 4, verified: 1, doubtful: 0, lowest: null,
  };

  it('says the clips, whether corrected, and the doubt; flags, words off the reference and no audio only when there are', () => {
    expect(badges(entry)).toBe('1 clip · <span class="muted">not corrected</span> · no word in doubt · 1 verified');
    expect(badges({ ...entry, clips: 3, flagged: 2, disagreements: 1, corrected: true, playable: false })).toBe(
      '3 clips · <span class="flag">2 flagged</span> · <span class="flag">1 word off the reference</span> · <span class="ok">corrected</span> · ' +
        '<span class="muted">no playable source audio</span> · no word in doubt · 1 verified',
    );
  });
});
