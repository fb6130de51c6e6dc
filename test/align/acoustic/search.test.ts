import { describe, expect, it } from 'vitest';
import { ALIGN_SETTINGS, decodeArgs, grammarArgs, LOOP_DICTIONARY, LOOP_SETTINGS, loopArgs } from '../../../src/align/acoustic/search.js';

describe('recognizer arguments of the aligner passes', () => {
  it('reads the pieces of the working folder with the model', () => {
    expect(decodeArgs('grammar', '/w', { hmm: '/m/en-us' }, ['-x', 'y'])).toEqual([
      '-adcin', 'yes', '-adchdr', '44', '-cepdir', '/w', '-cepext', '',
      '-ctl', '/w/grammar.ctl', '-hmm', '/m/en-us', '-hypseg', '/w/grammar.hypseg', '-x', 'y',
    ]);
  });

  it('starts the grammar search on its first piece grammar, so no word language model is loaded', () => {
    expect(grammarArgs('phones', '/w', 'ph0', 'phones.dict', [])).toEqual([
      '-fsgctl', '/w/phones.fsgctl', '-fsgdir', '/w', '-fsgext', '.fsg', '-fsg', '/w/ph0.fsg', '-dict', '/w/phones.dict', ...ALIGN_SETTINGS,
    ]);
    // The caller's settings come after the grammar, each replacing the default of the same name where it stood.
    expect(grammarArgs('grammar', '/w', 'p3', 'run.dict', ['-beam', '1e-100'])).toEqual([
      '-fsgctl', '/w/grammar.fsgctl', '-fsgdir', '/w', '-fsgext', '.fsg', '-fsg', '/w/p3.fsg', '-dict', '/w/run.dict',
      '-dither', 'yes', '-seed', '1', '-remove_silence', 'no', '-silprob', '1.0', '-fillprob', '1e-10',
      '-beam', '1e-100', '-pbeam', '1e-140', '-wbeam', '1e-140',
    ]);
  });

  it('gives the phone loop an empty dictionary of its own instead of the model default of 134,000 words', () => {
    expect(LOOP_DICTIONARY).toBe('loop.dict');
    expect(loopArgs('/w', '/m/phone.lm.bin')).toEqual(['-allphone', '/m/phone.lm.bin', '-dict', '/w/loop.dict', ...LOOP_SETTINGS]);
  });
});
