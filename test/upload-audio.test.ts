import { describe, expect, it, test } from 'vitest';
import { contentTypeForFormat, formatForContentType, UPLOAD_CONTENT_TYPES } from '../src/upload-audio.js';

test('maps every audio-format of the public notes to its upload Content-Type', () => {
  expect(contentTypeForFormat('pcm-16khz')).toBe('audio/x-wav');
  expect(contentTypeForFormat('pcm-8kHz')).toBe('audio/x-wav');
  expect(contentTypeForFormat('ogg')).toBe('audio/ogg');
  expect(contentTypeForFormat('webm')).toBe('audio/webm');
  expect(contentTypeForFormat('MP4')).toBe('audio/mp4');
});

test('an unknown format is E_CONFIG listing the known ones', () => {
  expect(() => contentTypeForFormat('flac')).toThrow(expect.objectContaining({
    code: 'E_CONFIG', message: 'Unknown audio format "flac": use one of pcm-16khz, pcm-8khz, ogg, webm, mp4',
  }));
});

describe('formatForContentType and UPLOAD_CONTENT_TYPES', () => {
  it.each([
    ['audio/x-wav', 'pcm-16khz'], ['audio/wav', 'pcm-16khz'], ['audio/ogg; codecs=vorbis', 'ogg'],
    ['AUDIO/WEBM', 'webm'], ['audio/mp4', 'mp4'], ['audio/mpeg', undefined],
  ])('%s → %s', (type, format) => {
    expect(formatForContentType(type)).toBe(format);
  });

  it('accepts every format\'s Content-Type and the audio/wav alias', () => {
    expect([...UPLOAD_CONTENT_TYPES].sort()).toEqual(['audio/mp4', 'audio/ogg', 'audio/wav', 'audio/webm', 'audio/x-wav']);
  });
});
