/**
 * The first pass of an export over manifest.csv (nothing written): why each row is left out (the
 * filters --min-confidence, --exclude-flags, --exclude-flagged, --only-verified and the duration and
 * chars-per-second bounds), the group each kept row belongs to, the kept audio per group, the
 * dropped totals per reason and the exported audio formats; it validates every row (names with no
 * control character, clips that are regular files inside the output folder with the channel kept,
 * Kaldi's source recordings present), so a bad row stops the export before anything is written.
 */
import path from 'node:path';
import { DictclipError, isDictclipError } from '../errors.js';
import { doubtFlags, keepClip, parseFlags } from '../markers/index.js';
import { MANIFEST_FILE } from '../run-output/layout.js';
import { isFile, readManifest } from '../run-output/read.js';
import type { ExportRow } from '../run-output/read.js';
import { OutputFiles, refuseControlCharacters, sourceFile } from '../run-output/safe-path.js';
import { exportedFormat, FormatTally, keptChannel } from './clip-audio.js';
import type { AudioTarget } from './clip-audio.js';
import { FORMATS } from './format-writers.js';
import type { ResolvedExportOptions } from './options.js';
import { groupOf } from './splits.js';
import type { GroupTotal } from './splits.js';

/** Why a row is left out (see ExportResult.droppedBy); empty when it is kept. */
export function dropReasons(row: Pick<ExportRow, 'flags' | 'confidence' | 'text' | 'duration_ms'>, o: ResolvedExportOptions): string[] {
  const reasons: string[] = [];
  if (o.minConfidence !== undefined && !(row.confidence !== undefined && row.confidence >= o.minConfidence)) reasons.push('min-confidence');
  const flags = parseFlags(row.flags);
  for (const flag of o.excludeFlags) if (flags.includes(flag)) reasons.push(flag);
  if (o.excludeFlagged && doubtFlags(row.flags.trim()) !== '') reasons.push('flagged');
  if (o.onlyVerified && !flags.includes('verified')) reasons.push('not-verified');
  const clip = { text: row.text, durationMs: row.duration_ms };
  if (!keepClip(clip, { minDurationMs: o.minDurationMs, maxDurationMs: o.maxDurationMs })) reasons.push('duration');
  if (!keepClip(clip, { minCharsPerSecond: o.minCharsPerSecond, maxCharsPerSecond: o.maxCharsPerSecond })) reasons.push('chars-per-second');
  return reasons;
}

export function rowGroup(row: ExportRow, o: ResolvedExportOptions): string {
  const found = groupOf(row.source, o.groupBy);
  if (found === undefined) {
    throw new DictclipError('E_CONFIG', `--group-by: the regex does not match the source "${row.source}" (or its capture group is empty). Fix: use a regex that matches every source path.`, { key: 'groupBy' });
  }
  return found;
}

/**
 * Pass 1: kept audio per group, dropped totals, the exported audio formats; checks every row (a
 * clip mixed down must have the channel kept: E_CHANNEL) and that the Kaldi sources exist.
 */
export async function survey(
  o: ResolvedExportOptions,
  inputDir: string | undefined,
  target: AudioTarget,
): Promise<{ groups: GroupTotal[]; dropped: { clips: number; ms: number }; droppedBy: Record<string, number>; formats: FormatTally }> {
  const totals = new Map<string, GroupTotal>();
  const dropped = { clips: 0, ms: 0 };
  const droppedBy: Record<string, number> = {};
  const formats = new FormatTally();
  const files = new OutputFiles(o.runDir);
  let lastSource: string | undefined;
  try {
    for await (const row of readManifest(o.runDir)) {
      const reasons = dropReasons(row, o);
      if (reasons.length > 0) {
        dropped.clips += 1;
        dropped.ms += row.duration_ms;
        for (const reason of reasons) droppedBy[reason] = (droppedBy[reason] ?? 0) + 1;
        continue;
      }
      // Every format names the source (kaldi's wav.scp in a line that may run a command): no control character.
      refuseControlCharacters(row.source, 'the source');
      refuseControlCharacters(row.file_name, 'the clip file');
      const name = rowGroup(row, o);
      const total = totals.get(name) ?? { group: name, clips: 0, ms: 0 };
      total.clips += 1;
      total.ms += row.duration_ms;
      totals.set(name, total);
      if (FORMATS[o.format].holds === 'clips') {
        const { sampleRate, channels } = exportedFormat(row, target);
        formats.add(sampleRate, channels);
        // Only regular files inside the output folder: never a clip replaced by a link.
        keptChannel(files.regularFile(path.join(o.runDir, ...row.file_name.split('/')), 'the clip'), row.channels, target);
      }
      if (o.format === 'kaldi' && inputDir !== undefined && row.source !== lastSource) {
        lastSource = row.source;
        const file = sourceFile(inputDir, row.source);
        refuseControlCharacters(file, 'the source recording');
        if (!(await isFile(file))) {
          throw new DictclipError(
            'E_CONFIG',
            `kaldi: the source recording ${file} does not exist (wav.scp decodes the sources). Fix: pass --input-dir with the run's input folder.`,
            { key: 'inputDir', path: file },
          );
        }
      }
    }
  } catch (error) {
    if (isDictclipError(error)) throw error;
    throw new DictclipError(
      'E_NOT_RUN_OUTPUT',
      `${path.join(o.runDir, MANIFEST_FILE)} cannot be read as a manifest: ${(error as Error).message}`,
      { path: o.runDir, cause: error },
    );
  }
  return { groups: [...totals.values()], dropped, droppedBy, formats };
}
