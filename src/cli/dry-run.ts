/**
 * The plan of `dictclip run --dry-run`: per recording, what the run would do — nothing (done),
 * dictate it (todo, or redo with changed settings: a paid service charges again) or only re-cut
 * it from saved markers (no dictation) — and the total audio that would be dictated.
 */
import pLimit from 'p-limit';
import { availableParallelism } from 'node:os';
import { resolveFfmpeg } from '../audio/index.js';
import { serviceName } from '../run-output/run-record.js';
import type { PlanEntry, RedoReason, RunResult } from '../pipeline/types.js';
import { recordingDurationMs } from '../shard/sizes.js';
import { formatDuration, plural, printable, type CliIo } from './io.js';

/** Why a recording is dictated again, in words. */
const REDO_REASONS: Record<RedoReason, string> = {
  source: 'the source changed',
  service: 'another service dictated it',
  failed: 'it failed last time',
  interrupted: 'a run was stopped while dictating it; the dictations it created are polled, not made again',
  settings: 'the dictation settings changed',
};

/** What a plan entry means, after its state. */
export function planAction(entry: PlanEntry): string {
  if (entry.state === 'done') return 'nothing to do (kept from an earlier run)';
  if (!entry.dictate) return 're-cut only, from saved markers: no dictation';
  if (entry.state === 'todo') return 'dictate';
  const charge = entry.reason === 'failed' || entry.reason === 'interrupted' ? '' : ', a paid service charges again';
  return `dictate again: ${REDO_REASONS[entry.reason ?? 'settings']}${charge}`;
}

/** Durations, ms, of the recordings to dictate (undefined where the container does not say). */
async function durations(plan: readonly PlanEntry[], ffmpegPath: string | undefined): Promise<Map<string, number | undefined>> {
  const out = new Map<string, number | undefined>();
  const limit = pLimit(availableParallelism());
  await Promise.all(plan.filter((entry) => entry.dictate).map((entry) => limit(async () => {
    out.set(entry.source, ffmpegPath === undefined ? undefined : await recordingDurationMs(entry.path, ffmpegPath).catch(() => undefined));
  })));
  return out;
}

/** Print the plan and its totals to stdout. */
export async function printPlan(result: RunResult, io: CliIo, ffmpegOption: string | undefined): Promise<void> {
  const plan = result.plan ?? [];
  const ffmpegPath = plan.some((entry) => entry.dictate) ? await resolveFfmpeg(ffmpegOption).catch(() => undefined) : undefined;
  const lengths = await durations(plan, ffmpegPath);
  const counts = { todo: 0, done: 0, redo: 0, recut: 0, again: 0 };
  let audioMs = 0;
  let unknown = 0;
  for (const entry of plan) {
    counts[entry.state] += 1;
    if (entry.state === 'redo') counts[entry.dictate ? 'again' : 'recut'] += 1;
    const length = lengths.get(entry.source);
    if (entry.dictate && length === undefined) unknown += 1;
    if (length !== undefined) audioMs += length;
    const shown = length === undefined ? '' : ` ${formatDuration(length)}`;
    io.stdout.write(`${entry.state.padEnd(6)}${printable(entry.source)}  (${planAction(entry)}${shown})\n`);
  }
  const dictated = counts.todo + counts.again;
  const redo = counts.redo > 0 ? `: ${counts.again} dictated again, ${counts.recut} re-cut only` : '';
  const unknownText = unknown > 0 ? ` (+ ${plural(unknown, 'recording')} of unknown length)` : '';
  const skipped = (result.summary.skipped > 0 ? `; ${plural(result.summary.skipped, 'file')} not processed` : '') +
    ((result.summary.excluded ?? 0) > 0 ? `; ${plural(result.summary.excluded ?? 0, 'recording')} excluded by --include/--exclude` : '');
  io.stdout.write(
    `dry run: ${plural(plan.length, 'recording')} (${counts.todo} todo, ${counts.done} done, ${counts.redo} redo${redo})${skipped}; ` +
      `to dictate: ${plural(dictated, 'recording')}, ${formatDuration(audioMs)} of audio${unknownText}; nothing written\n`,
  );
  const change = result.serviceChange;
  if (change !== undefined) {
    io.stdout.write(
      `note: this output was dictated by ${serviceName(change.from)}, this run uses ${serviceName(change.to)}: ` +
        (change.allowed ? 'with --new-service it dictates it again\n' : 'without --new-service the run stops (exit 2) before any work\n'),
    );
  }
}
