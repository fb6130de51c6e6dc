/**
 * What an export says of its splits (pure): splits.csv, one row a group with the split it went to,
 * its clips and its audio, and a warning when the splits' shares of the audio came out far from the
 * requested ones.
 */
import { stringify } from 'csv-stringify/sync';
import { compareCodePoints } from '../code-point-order.js';
import type { GroupTotal, SplitName } from './splits.js';

/** How far (percentage points of the audio) a split may land from its requested share before a warning. */
export const SPLIT_SHARE_TOLERANCE = 5;

/**
 * A warning when a split's share of the kept audio is more than {@link SPLIT_SHARE_TOLERANCE}
 * points from the requested one: groups never span two splits, so too few groups cannot match
 * the proportions.
 */
export function splitShareWarning(
  requested: readonly { name: SplitName; percent: number }[],
  splits: Partial<Record<SplitName, { clips: number; ms: number }>>,
  groups: number,
  groupBy: string,
): string | undefined {
  if (requested.length < 2) return undefined;
  const total = Object.values(splits).reduce((sum, t) => sum + t.ms, 0);
  if (total <= 0) return undefined;
  const share = (name: SplitName): number => (100 * (splits[name]?.ms ?? 0)) / total;
  const off = requested.filter((r) => Math.abs(share(r.name) - r.percent) > SPLIT_SHARE_TOLERANCE);
  if (off.length === 0) return undefined;
  const shown = (values: readonly number[]): string => values.map((v) => (Math.round(v * 10) / 10).toString()).join('/');
  return `the splits came out ${shown(requested.map((r) => share(r.name)))} % of the audio (${requested.map((r) => r.name).join('/')}), ` +
    `not the requested ${shown(requested.map((r) => r.percent))}: only ${groups} group${groups === 1 ? '' : 's'} (--group-by ${groupBy}), ` +
    'and a group never spans two splits. Fix: more recordings, or finer groups (--group-by source, or a regex naming smaller groups).';
}

/** splits.csv: `group,split,clips,duration_ms`, one row per group, sorted by group. */
export function splitsCsv(groups: readonly GroupTotal[], assignment: ReadonlyMap<string, SplitName>): string {
  const rows = [...groups].sort((a, b) => compareCodePoints(a.group, b.group))
    .map((g) => [g.group, assignment.get(g.group) ?? '', g.clips, g.ms]);
  return stringify([['group', 'split', 'clips', 'duration_ms'], ...rows], { record_delimiter: 'unix' });
}
