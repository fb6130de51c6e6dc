import { expect, test } from 'vitest';
import { contentTypeForFormat } from '../../src/client/content-type.js';

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
