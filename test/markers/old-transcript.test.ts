import { describe, expect, it } from 'vitest';
import { chooseOldTranscript } from '../../src/markers/old-transcript.js';

// "next period" was substituted into "next." by a profile rule.
const transcription = 'Go to the next period';
const substituted = 'Go to the next.';

describe('chooseOldTranscript', () => {
  it('picks the substituted text when the pairs land on its tokens', () => {
    // Go(0-1) to(3-4) the(6-8) next(10-13) .(14-14)
    expect(chooseOldTranscript('0,1,3,4,6,8,10,13,14,14', [substituted, transcription])).toBe(substituted);
  });

  it('picks the transcription when the pairs land on its tokens', () => {
    // Go(0-1) to(3-4) the(6-8) next(10-13) period(15-20): 15-20 is beyond the substituted text
    expect(chooseOldTranscript('0,1,3,4,6,8,10,13,15,20', [substituted, transcription])).toBe(transcription);
  });

  it('keeps the first candidate on a tie, and when the texts are equal or missing', () => {
    expect(chooseOldTranscript('0,1,3,4', [substituted, transcription])).toBe(substituted);
    expect(chooseOldTranscript('0,1', [undefined, transcription])).toBe(transcription);
    expect(chooseOldTranscript('0,1', [transcription, transcription])).toBe(transcription);
    expect(chooseOldTranscript('not numbers', [substituted, transcription])).toBe(substituted);
  });

  it('does not count pairs that cut a word in the middle', () => {
    // "Hello there" vs "Hi there": pairs 0-1 and 3-7 are whole tokens only in "Hi there".
    expect(chooseOldTranscript('0,1,3,7', ['Hello there', 'Hi there'])).toBe('Hi there');
  });
});
