/**
 * Include and exclude patterns of the input folder: glob patterns (picomatch) matched against a
 * recording's path relative to the input folder, `/`-separated, case-sensitive. A pattern also
 * matches every recording under a folder it matches (`drafts`, `drafts/` and `drafts/**` all
 * leave out the whole folder); a pattern without a `/` matches a name at any depth (`*.wav`,
 * `drafts`), one with a `/` is anchored at the input folder (`interviews/*.wav`). Include
 * patterns starting with `!` exclude. A recording is kept when it matches an include pattern (or
 * none is given) and no exclude pattern: exclusion wins.
 */
import picomatch from 'picomatch';

/** The patterns of a run, as the key table's `include` and `exclude` hold them. */
export interface InputPatterns {
  /** Keep only recordings that match one of these (`!pattern` entries exclude). @default [] (every recording) */
  readonly include?: readonly string[] | undefined;
  /** Leave out recordings that match one of these. @default [] */
  readonly exclude?: readonly string[] | undefined;
}

/** Decides, for a relative path, whether the patterns keep it. */
export type PathFilter = (relPath: string) => boolean;

/**
 * Split a comma list of patterns (`**\/*.wav,!drafts/**`) at the commas outside `{…}` and `[…]`
 * (so `*.{wav,mp3}` stays one pattern); `\,` is a literal comma. Entries are trimmed.
 */
export function splitPatterns(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let braces = 0;
  let brackets = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '[') brackets = true;
    else if (ch === ']') brackets = false;
    else if (ch === '{' && !brackets) braces++;
    else if (ch === '}' && !brackets && braces > 0) braces--;
    if (ch === ',' && braces === 0 && !brackets) {
      out.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  out.push(current.trim());
  return out;
}

/**
 * The most `*` wildcards a pattern may hold (a run of stars, `**` included, counts as one), and the
 * most of them that may be `**`. picomatch matches with a backtracking regular expression whose
 * time grows with the name's length to the power of the wildcards it holds: `*a*a*a*a*a*a*a*a*a*a*b`
 * against a 44-character name ran past a minute. Within these caps the slowest patterns measured
 * (docs/security.md) take under 0.1 s against a path of sixteen 255-character names or of 128
 * folders; two `**` against a path of 2,048 folders still take seconds.
 */
export const MAX_PATTERN_WILDCARDS = 3;
export const MAX_PATTERN_GLOBSTARS = 2;

/** The `*` runs of a pattern outside `\\` escapes: how many, and how many of them are `**` or longer. */
function wildcards(pattern: string): { stars: number; globstars: number } {
  let stars = 0;
  let globstars = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') {
      i++;
      continue;
    }
    if (pattern[i] !== '*') continue;
    let end = i;
    while (pattern[end] === '*') end++;
    stars++;
    if (end - i >= 2) globstars++;
    i = end - 1;
  }
  return { stars, globstars };
}

/**
 * Why a pattern cannot be used, or undefined when it can: empty, absolute, reaching outside the
 * input folder (patterns match paths relative to it), or holding more wildcards than matching can
 * afford ({@link MAX_PATTERN_WILDCARDS}, {@link MAX_PATTERN_GLOBSTARS}).
 */
export function patternProblem(pattern: string): string | undefined {
  const body = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  if (body.trim() === '') return 'an empty pattern';
  if (body.startsWith('/') || /^[A-Za-z]:[\\/]/.test(body)) return 'an absolute path (patterns match paths relative to the input folder)';
  if (body.split('/').includes('..')) return 'a pattern with ".." (patterns match paths inside the input folder)';
  const { stars, globstars } = wildcards(body);
  if (stars > MAX_PATTERN_WILDCARDS || globstars > MAX_PATTERN_GLOBSTARS) {
    return `a pattern with ${stars} "*" wildcards, ${globstars} of them "**" (at most ${MAX_PATTERN_WILDCARDS} and ${MAX_PATTERN_GLOBSTARS}: ` +
      'matching time grows with the power of the wildcards; use fewer, e.g. one pattern per case)';
  }
  return undefined;
}

/** `./a/` → `a`: the forms picomatch should see. */
function normalize(pattern: string): string {
  return pattern.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

/**
 * One matcher over several patterns; a path matches when it or a folder on it matches one: a
 * pattern with a `/` against the path from the input folder, one without against the name alone.
 */
function matcher(patterns: readonly string[]): PathFilter | undefined {
  if (patterns.length === 0) return undefined;
  const normalized = patterns.map(normalize);
  const anchored = normalized.filter((p) => p.includes('/'));
  const named = normalized.filter((p) => !p.includes('/'));
  const matchPath = anchored.length > 0 ? picomatch(anchored) : () => false;
  const matchName = named.length > 0 ? picomatch(named) : () => false;
  return (relPath) => {
    const parts = relPath.split('/');
    for (let n = parts.length; n >= 1; n--) if (matchName(parts[n - 1] ?? '') || matchPath(parts.slice(0, n).join('/'))) return true;
    return false;
  };
}

/** The filter of `patterns`; undefined when there are none (every path is kept). */
export function pathFilter(patterns: InputPatterns): PathFilter | undefined {
  const include = patterns.include ?? [];
  const positive = include.filter((p) => !p.startsWith('!'));
  const negative = [...include.filter((p) => p.startsWith('!')).map((p) => p.slice(1)), ...(patterns.exclude ?? [])];
  const included = matcher(positive);
  const excluded = matcher(negative);
  if (included === undefined && excluded === undefined) return undefined;
  return (relPath) => (included?.(relPath) ?? true) && !(excluded?.(relPath) ?? false);
}
