/**
 * Group-atomic, seeded, duration-balanced split assignment (pure).
 *
 * Every clip belongs to one group (its recording, its recording's folder, or the first capture
 * group of a regex over its source path) and every group goes to exactly one split, so nothing of
 * one speaker or recording leaks across splits. For a seed the assignment is a function of the
 * groups and their durations only, so every format of one export, and every export with the same
 * clips, seed and proportions, gets the same splits.
 */
import { createHash } from 'node:crypto';
import { compareCodePoints } from '../code-point-order.js';

/** Split names in the order they are listed and filled. */
export const SPLIT_NAMES = ['train', 'dev', 'test'] as const;
/**
 * Other names a split is given, mapped to dictclip's: `validation`/`val` (Hugging Face writes the
 * dev split as `validation/`). `--split validation=10` is `dev=10`.
 */
export const SPLIT_ALIASES: Readonly<Record<string, SplitName>> = { validation: 'dev', val: 'dev' };
export type SplitName = (typeof SPLIT_NAMES)[number];

export interface SplitSpec { name: SplitName; percent: number }

export type GroupBy = { kind: 'source' } | { kind: 'dir' } | { kind: 'regex'; regex: RegExp };

/**
 * The group of a source path (`/`-separated, relative to the input folder): the path itself, its
 * folder (`.` for the top level), or the regex's first capture group; undefined when the regex
 * does not match or its group did not take part.
 */
export function groupOf(source: string, groupBy: GroupBy): string | undefined {
  if (groupBy.kind === 'source') return source;
  if (groupBy.kind === 'dir') {
    const slash = source.lastIndexOf('/');
    return slash < 0 ? '.' : source.slice(0, slash);
  }
  return groupBy.regex.exec(source)?.[1];
}

/** A group's kept audio. */
export interface GroupTotal { group: string; clips: number; ms: number }

function seededKey(seed: number, group: string): string {
  return createHash('sha256').update(`${seed}\n${group}`).digest('hex');
}

/**
 * Assign each group to a split.
 *
 * 1. Groups are put in a seeded order: by sha256(`<seed>\n<group>`), ties (none in practice) by
 *    the group name.
 * 2. Each split with a share above 0, smallest share first, takes the shortest unassigned group
 *    (earliest in the seeded order among equals), so no split stays empty when the groups allow
 *    otherwise; with fewer groups than splits, only the splits of the largest shares (ties: the
 *    order of {@link SPLIT_NAMES}) are seeded, so train is never the one left empty.
 * 3. Every other group, in seeded order, goes to the split furthest below its target:
 *    the largest `share × total − assigned` ms (ties: the order of {@link SPLIT_NAMES}).
 * The largest possible miss of a target is one group's duration.
 */
export function assignSplits(groups: readonly GroupTotal[], specs: readonly SplitSpec[], seed: number): Map<string, SplitName> {
  const active = specs.filter((s) => s.percent > 0)
    .sort((a, b) => SPLIT_NAMES.indexOf(a.name) - SPLIT_NAMES.indexOf(b.name));
  const order = groups.map((g) => ({ ...g, key: seededKey(seed, g.group) }))
    .sort((a, b) => compareCodePoints(a.key, b.key) || compareCodePoints(a.group, b.group));
  const total = order.reduce((sum, g) => sum + g.ms, 0);
  const assigned = new Map<SplitName, number>(active.map((s) => [s.name, 0]));
  const result = new Map<string, SplitName>();
  const give = (group: GroupTotal, split: SplitName): void => {
    result.set(group.group, split);
    assigned.set(split, (assigned.get(split) ?? 0) + group.ms);
  };
  // Seed splits with one group each: the largest shares when groups are fewer than splits.
  const seeded = [...active].sort((a, b) => b.percent - a.percent).slice(0, order.length);
  for (const spec of seeded.sort((a, b) => a.percent - b.percent)) {
    let pick: (typeof order)[number] | undefined;
    for (const g of order) if (!result.has(g.group) && (pick === undefined || g.ms < pick.ms)) pick = g;
    if (pick !== undefined) give(pick, spec.name);
  }
  for (const g of order) {
    if (result.has(g.group)) continue;
    let best: SplitSpec | undefined;
    let bestNeed = -Infinity;
    for (const spec of active) {
      const need = (spec.percent / 100) * total - (assigned.get(spec.name) ?? 0);
      if (need > bestNeed) {
        best = spec;
        bestNeed = need;
      }
    }
    if (best !== undefined) give(g, best.name);
  }
  return result;
}
