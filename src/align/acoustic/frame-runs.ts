/**
 * Runs of consecutive frames (pure): the stretches of a recording's frames that share a property
 * (sound over a level, quiet), as edge refinement, the islands of unclaimed sound and the junction
 * splits look for them.
 */

/** The runs `[start, end)` of consecutive frames in `[from, to)` for which `isIn` holds, in order. */
export function frameRuns(from: number, to: number, isIn: (frame: number) => boolean): [start: number, end: number][] {
  const runs: [number, number][] = [];
  for (let f = from; f < to; ) {
    if (!isIn(f)) { f++; continue; }
    let end = f;
    while (end < to && isIn(end)) end++;
    runs.push([f, end]);
    f = end;
  }
  return runs;
}
