/** `dictclip merge <shard-out>… --out <dir>`: shard outputs combined into one run output. */
import { resolve } from 'node:path';
import { parseCommandArgs, requiredString } from '../args.js';
import { plural, usageError, type CliIo } from '../io.js';

export const MERGE_HELP = `Usage: dictclip merge <shard-out>... --out <dir> [--quiet]

Combines the outputs of \`dictclip run … --shard 0/N\` … \`--shard N-1/N\` into what one run
over the whole input writes: manifest.csv with the same rows in the same order (dictation ids
aside), failures.csv, skipped.csv, summary.json (counts summed, clip statistics recomputed,
wall time of the slowest shard), run.json, and clips/, transcripts/, markers/ and the resume
state hard-linked from the shards (copied only where the file system cannot link). The merged
folder is an ordinary run output: \`dictclip run\` over the whole input into it resumes.

Built beside <dir> in .<dir>.merging and renamed into place: an interrupted merge resumes when
run again, and a finished one is left as is.

Refused (exit 2, naming the shard output): a folder without run.json (unfinished run), not a
shard output, other shard counts, a shard index given twice or missing, other clip or service
options, a recording in the wrong shard, files merge does not know (exports: make them from the
merged output).

Options:
  --out <dir>   merged output folder (must not exist, or be empty) (required)
  --no-report   do not build the merged output's HTML report (report/index.html); the
                shards' own reports are never merged
  --quiet       print nothing on success
  -h, --help    show this help

Exit codes: 0 merged (or already merged), 1 write failure (run again to resume), 2 refused or
usage error.
`;

const OPTIONS = {
  out: { type: 'string', short: 'o' },
  'no-report': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function mergeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('merge', args, OPTIONS);
  if (values['help'] === true) {
    io.stdout.write(MERGE_HELP);
    return 0;
  }
  const out = requiredString(values, 'out', 'merge');
  if (positionals.length === 0) throw usageError('dictclip merge: expected one or more <shard-out> folders');
  const { mergeShards } = await import('../../shard/index.js');
  const result = await mergeShards(positionals.map((p) => resolve(io.cwd, p)), resolve(io.cwd, out));
  if (values['quiet'] !== true) {
    const what = result.alreadyMerged ? 'already merged' : `merged ${result.shards} shard outputs`;
    const files = result.alreadyMerged ? '' : ` (files linked ${result.linked}, copied ${result.copied})`;
    io.stdout.write(`${what}: ${plural(result.recordings, 'recording')}, ${plural(result.clips, 'clip')}, ${result.failed} failed → ${result.outDir}${files}\n`);
  }
  if (values['no-report'] !== true && !result.alreadyMerged) {
    // The shards' own reports are not merged: the merged output's is built from it, as `dictclip run` does.
    const { buildReport } = await import('../../report/index.js');
    const index = await buildReport(result.outDir);
    if (values['quiet'] !== true) io.stdout.write(`report: ${index}\n`);
  }
  return 0;
}
