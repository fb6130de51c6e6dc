import { describe, expect, it } from 'vitest';
import { composeTranscript, stableChunks, toWordMarkersJson } from '../../../src/service/transcript/index.js';
import { words } from './helpers.js';

describe('stableChunks', () => {
  it('splits after sentence-ending markers; chunks concatenate and keep whole-text indexes', () => {
    const result = composeTranscript(
      { words: words('hi', 'period', 'how', 'are', 'you', 'question', 'mark', 'fine'), endMs: 5000 },
      { name: 'p', substitutions: [{ kind: 'regex', pattern: ' period', to: '.' }, { kind: 'regex', pattern: ' question mark', to: '?' }] },
    );
    expect(result.substitutedText).toBe('Hi. how are you? fine.');
    const chunks = stableChunks(result);
    expect(chunks.map((c) => c.text)).toEqual(['Hi. ', 'how are you? ', 'fine.']);
    expect(chunks.map((c) => c.textStart)).toEqual([0, 4, 17]);
    expect(chunks.map((c) => c.markers.map((m) => m.text))).toEqual([['Hi', '.'], ['how', 'are', 'you', '?'], ['fine', '.']]);
    expect(chunks.flatMap((c) => c.markers)).toEqual(result.markers);
    expect(chunks[1]?.markers[0]?.textStart).toBe(4);
  });

  it('gives no chunks for empty text and one chunk without markers for unmarked text', () => {
    expect(stableChunks({ text: '', substitutedText: '', markers: [], confidence: 0 })).toEqual([]);
    expect(stableChunks({ text: 'a', substitutedText: 'b', markers: [], confidence: 0 })).toEqual([{ text: 'b', textStart: 0, markers: [] }]);
  });
});

describe('toWordMarkersJson', () => {
  it('converts ms to seconds and keeps text indexes', () => {
    expect(toWordMarkersJson([{ text: 'text', textStart: 3, textLength: 4, startMs: 720, endMs: 1230 }, { text: '.', textStart: 7, textLength: 1, startMs: 2000, endMs: 2000 }])).toEqual([
      { audioStart: 0.72, audioLength: 0.51, textStart: 3, textLength: 4, text: 'text' },
      { audioStart: 2, audioLength: 0, textStart: 7, textLength: 1, text: '.' },
    ]);
  });

  it('sends a word\'s confidence with it when it has one (ours, beyond the spec)', () => {
    const json = toWordMarkersJson([{ text: 'text', textStart: 3, textLength: 4, startMs: 720, endMs: 1230, confidence: 0.135 }, { text: '.', textStart: 7, textLength: 1, startMs: 2000, endMs: 2000 }]);
    expect(json.map((m) => Object.keys(m))).toEqual([['audioStart', 'audioLength', 'textStart', 'textLength', 'text', 'confidence'], ['audioStart', 'audioLength', 'textStart', 'textLength', 'text']]);
    expect(json[0]!.confidence).toBe(0.135);
  });
});
