/** The channel choice (`channel`): its one spelling per channel, the channel it keeps, ffmpeg's filter, and who must have it. */
import { describe, expect, it } from 'vitest';
import { canonicalChannel, channelNumber, keepChannelFilter, missingChannel } from '../../src/audio/index.js';
import { keptChannel } from '../../src/dataset/clip-audio.js';

describe('canonicalChannel', () => {
  it('spells each channel one way: 1 is left, 2 right, case and spaces ignored', () => {
    expect(['mix', ' Left ', 'RIGHT', '1', '2', '3', '64'].map(canonicalChannel)).toEqual(['mix', 'left', 'right', 'left', 'right', '3', '64']);
  });

  it('refuses anything else', () => {
    expect(['', '0', '65', '01', '-1', '1.5', 'center', 'both', 'l'].map(canonicalChannel)).toEqual(Array(9).fill(undefined));
  });
});

describe('channelNumber', () => {
  it('keeps no channel for mix or no choice, else the 1-based number', () => {
    expect([undefined, 'mix', 'left', 'right', '2', '7'].map(channelNumber)).toEqual([undefined, undefined, 1, 2, 2, 7]);
    expect(() => channelNumber('centre')).toThrow(expect.objectContaining({ code: 'E_INVALID_ARGUMENT' }));
  });
});

it('keepChannelFilter maps the 0-based input channel to a mono output', () => {
  expect([1, 2, 6].map(keepChannelFilter)).toEqual(['channelmap=map=0:channel_layout=mono', 'channelmap=map=1:channel_layout=mono', 'channelmap=map=5:channel_layout=mono']);
});

it('missingChannel is E_CHANNEL naming the file, what it has and the choices it offers', () => {
  const mono = missingChannel('/in/a.wav', 2, 1);
  expect([mono.code, mono.message, mono.context]).toEqual(['E_CHANNEL',
    '/in/a.wav has 1 channel (mono): there is no right (channel 2) to keep. Fix: choose a channel it has (--channel mix, left), or leave the recording out.',
    { path: '/in/a.wav', key: 'channel' }]);
  expect(missingChannel('/c.wav', 5, 4).message).toContain('has 4 channels: there is no channel 5 to keep. Fix: choose a channel it has (--channel mix, left, right or up to 4)');
});

describe('keptChannel (export)', () => {
  const target = { sampleRate: undefined, channels: 1, channel: 2 };
  it('applies only to clips mixed down to one channel', () => {
    expect(keptChannel('s.wav', 2, target)).toBe(2);
    expect(keptChannel('m.wav', 1, target)).toBeUndefined(); // a mono clip has nothing to choose from
    expect(keptChannel('s.wav', 2, { ...target, channels: 2 })).toBeUndefined();
    expect(keptChannel('s.wav', 2, { ...target, channel: undefined })).toBeUndefined();
  });

  it('refuses a clip without the channel', () => {
    expect(() => keptChannel('s.wav', 2, { ...target, channel: 3 })).toThrow(expect.objectContaining({ code: 'E_CHANNEL', context: { path: 's.wav', key: 'channel' } }));
  });
});
