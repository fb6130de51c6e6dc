import { describe, expect, it } from 'vitest';
import { pathFilter, patternProblem, splitPatterns } from '../src/input-patterns.js';

describe('splitPatterns', () => {
  it('splits at commas outside braces and brackets; a backslash keeps a comma', () => {
    expect(splitPatterns('**/*.wav, !drafts/**')).toEqual(['**/*.wav', '!drafts/**']);
    expect(splitPatterns('*.{wav,mp3},a[,]b,x\\,y')).toEqual(['*.{wav,mp3}', 'a[,]b', 'x\\,y']);
    expect(splitPatterns('a,,b')).toEqual(['a', '', 'b']);
  });
});

describe('patternProblem', () => {
  it('refuses empty, absolute and outside patterns only', () => {
    expect(['', '!', ' ', '/a/*.wav', 'C:\\x', '../a', 'a/../b'].map((p) => patternProblem(p) !== undefined)).toEqual([true, true, true, true, true, true, true]);
    expect(['*.wav', '!drafts/**', './a/', 'a..b.wav'].map(patternProblem)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('pathFilter', () => {
  it('is undefined without patterns; ./ and a trailing / are ignored; a folder pattern takes what is under it', () => {
    expect(pathFilter({})).toBeUndefined();
    const keep = pathFilter({ include: ['./talks/'], exclude: ['old'] });
    expect(['talks/a.wav', 'talks/x/b.wav', 'talks/old/c.wav', 'talkshow/d.wav', 'e.wav'].filter((p) => keep?.(p))).toEqual(['talks/a.wav', 'talks/x/b.wav']);
  });
});
