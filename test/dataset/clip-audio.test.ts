/** The warning of an export whose clips mix audio formats, and the format a clip is exported in. */
import { describe, expect, it } from 'vitest';
import { exportedFormat, formatName, FormatTally, mixedFormatWarning } from '../../src/dataset/clip-audio.js';

function tally(...formats: [rate: number, channels: number, clips: number][]): FormatTally {
  const t = new FormatTally();
  for (const [rate, channels, clips] of formats) for (let i = 0; i < clips; i++) t.add(rate, channels);
  return t;
}

const NONE = { sampleRate: undefined, channels: undefined };

describe('mixedFormatWarning', () => {
  it('names every format with its clip count, most clips first, and both options', () => {
    expect(mixedFormatWarning(tally([44_100, 2, 30], [16_000, 1, 120], [48_000, 1, 1]), NONE)).toBe(
      'the exported clips mix sample rates and channel counts: 16000 Hz mono (120 clips), 44100 Hz stereo (30 clips), 48000 Hz mono (1 clip). ' +
      'Fix: --sample-rate 16000 --channels 1 converts every clip to one format (with ffmpeg).',
    );
  });

  it('names only what mixes', () => {
    expect(mixedFormatWarning(tally([22_050, 1, 2], [16_000, 1, 2]), NONE)).toBe(
      'the exported clips mix sample rates: 16000 Hz mono (2 clips), 22050 Hz mono (2 clips). Fix: --sample-rate 16000 converts every clip to one format (with ffmpeg).',
    );
    expect(mixedFormatWarning(tally([16_000, 2, 3], [16_000, 1, 1], [16_000, 6, 1]), NONE)).toBe(
      'the exported clips mix channel counts: 16000 Hz stereo (3 clips), 16000 Hz mono (1 clip), 16000 Hz 6 channels (1 clip). Fix: --channels 2 converts every clip to one format (with ffmpeg).',
    );
  });

  it('suggests only the option not given yet (the tally counts clips as converted)', () => {
    const target = { sampleRate: undefined, channels: 1 };
    expect(mixedFormatWarning(tally([44_100, 1, 1], [16_000, 1, 4]), target)).toBe(
      'the exported clips mix sample rates: 16000 Hz mono (4 clips), 44100 Hz mono (1 clip). Fix: --sample-rate 16000 converts every clip to one format (with ffmpeg).',
    );
  });

  it('says nothing for one format or none', () => {
    expect(mixedFormatWarning(tally([44_100, 2, 7]), NONE)).toBeUndefined();
    expect(mixedFormatWarning(tally(), NONE)).toBeUndefined();
  });
});

describe('exportedFormat', () => {
  it('takes the target where set and the clip\'s own otherwise', () => {
    const row = { sample_rate: 44_100, channels: 2 };
    expect(exportedFormat(row, NONE)).toEqual({ sampleRate: 44_100, channels: 2 });
    expect(exportedFormat(row, { sampleRate: 16_000, channels: undefined })).toEqual({ sampleRate: 16_000, channels: 2 });
    expect(exportedFormat(row, { sampleRate: 16_000, channels: 1 })).toEqual({ sampleRate: 16_000, channels: 1 });
  });

  it('names formats as people say them', () => {
    expect([formatName(16_000, 1), formatName(44_100, 2), formatName(48_000, 6)]).toEqual(['16000 Hz mono', '44100 Hz stereo', '48000 Hz 6 channels']);
  });
});
