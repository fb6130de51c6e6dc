/**
 * The recognizer's `-hypseg` file: one line per utterance,
 * `<uttid> S <n> T <score> A <ascr> L <lscr> (<startFrame> <ascr> <lscr> <word>)* <endFrame>`.
 * A segment lasts from its start frame to the next segment's (the last one to `endFrame`). Pure.
 */

/** One segment of a decoded utterance (a word, silence or a filler), in frames of the utterance. */
export interface HypSegment {
  readonly word: string;
  readonly startFrame: number;
  /** Exclusive. */
  readonly endFrame: number;
  /** Acoustic score (log, more negative is worse). */
  readonly acousticScore: number;
}

/** The segments of every utterance in a hypseg file's text, by utterance id. */
export function parseHypseg(text: string): Map<string, HypSegment[]> {
  const out = new Map<string, HypSegment[]>();
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    const uttid = fields[0];
    if (uttid === undefined || uttid === '' || fields[1] !== 'S' || fields[7] !== 'L') continue;
    const rest = fields.slice(9);
    const segments: HypSegment[] = [];
    const end = Number(rest.at(-1));
    for (let i = 0; i + 4 < rest.length; i += 4) {
      const next = i + 4 < rest.length - 1 ? Number(rest[i + 4]) : end;
      segments.push({ word: rest[i + 3] ?? '', startFrame: Number(rest[i]), endFrame: next, acousticScore: Number(rest[i + 1]) });
    }
    out.set(uttid, segments.filter((s) => Number.isFinite(s.startFrame) && Number.isFinite(s.endFrame)));
  }
  return out;
}
