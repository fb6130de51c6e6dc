import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../src/config/resolve.js';
import { DictclipError } from '../src/errors.js';
import { MAX_PATTERN_GLOBSTARS, MAX_PATTERN_WILDCARDS, pathFilter, patternProblem, splitPatterns } from '../src/input-patterns.js';

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

describe('wildcard caps', () => {
  const issue = '*a*a*a*a*a*a*a*a*a*a*b';

  it(`refuses more than ${MAX_PATTERN_WILDCARDS} "*" runs or ${MAX_PATTERN_GLOBSTARS} "**" in a pattern, with a clear E_CONFIG`, () => {
    expect([issue, '*a*a*a*b', '**/a/**/b/**', '!*x*y*z*'].map((p) => patternProblem(p))).toEqual([
      'a pattern with 11 "*" wildcards, 0 of them "**" (at most 3 and 2: matching time grows with the power of the wildcards; use fewer, e.g. one pattern per case)',
      'a pattern with 4 "*" wildcards, 0 of them "**" (at most 3 and 2: matching time grows with the power of the wildcards; use fewer, e.g. one pattern per case)',
      'a pattern with 3 "*" wildcards, 3 of them "**" (at most 3 and 2: matching time grows with the power of the wildcards; use fewer, e.g. one pattern per case)',
      'a pattern with 4 "*" wildcards, 0 of them "**" (at most 3 and 2: matching time grows with the power of the wildcards; use fewer, e.g. one pattern per case)',
    ]);
    expect(['**/*.wav', '**/drafts/**', '**/*take*', 'a\\*\\*\\*\\*b*', 'interviews/**/*.{wav,mp3}'].map((p) => patternProblem(p))).toEqual([undefined, undefined, undefined, undefined, undefined]);
    let error: unknown;
    try {
      resolveOptions({ inputDir: 'in', outDir: 'out', include: [`**/*.wav,${issue}`] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DictclipError);
    expect((error as DictclipError).code).toBe('E_CONFIG');
    expect((error as DictclipError).message).toContain('not a pattern with 11 "*" wildcards, 0 of them "**" (at most 3 and 2');
  });

  it('matches within the caps in bounded time: the slowest allowed patterns against 255-character names, a 4,096-character path and 128 folders in well under 2 s (measured 0.2 s)', () => {
    const name = 'a'.repeat(254);
    const paths = [name, `${`${name}/`.repeat(15)}${name}`, `${'a/'.repeat(127)}a`];
    const patterns = ['*a*a*b', '**/*a*b', '**/a*a*b', '**/a/**/a*b', 'a/**/a/**/b'];
    const started = performance.now();
    const kept = patterns.map((p) => paths.map((path) => pathFilter({ include: [p] })!(path)));
    const ms = performance.now() - started;
    expect(kept).toEqual(patterns.map(() => [false, false, false]));
    expect(ms).toBeLessThan(2000);
  });
});
