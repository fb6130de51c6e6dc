import { describe, expect, it } from 'vitest';
import * as markers from '../../src/markers/index.js';

describe('src/markers/index', () => {
  it('re-exports the public API and the model', () => {
    expect(Object.keys(markers).sort()).toEqual([
      'CLIP_FLAGS', 'SENTENCE_END', 'addFlag', 'bytesToMs', 'chooseOldTranscript', 'decodeNewMarkers', 'decodeOldMarkers',
      'findPhrases', 'hasFilters', 'isPunctuation', 'isSearchablePhrase', 'keepClip', 'parseFlags', 'parseNumberList', 'phraseParts',
      'planClips', 'timingFlags', 'validateMarkers',
    ]);
    expect(markers.isPunctuation('.')).toBe(true);
    expect(markers.isPunctuation('a.')).toBe(false);
  });
});
