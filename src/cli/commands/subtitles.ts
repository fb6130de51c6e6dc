/**
 * `dictclip subtitles <run-out-dir> --format <f>[,<f>…]|all [--level …] [--max-line-width <n> [--max-lines <n>]] [--line-breaks
 * auto|keep|ignore]`: subtitle files of a finished run, from its timed transcripts alone.
 */
import path from 'node:path';
import { keySpec } from '../../config/keys.js';
import type { ConfigKey } from '../../config/keys.js';
import { TRANSCRIPTS_DIR } from '../../run-output/layout.js';
import { parseValue } from '../../config/validate.js';
import type { CueOptions, SubtitleFormat } from '../../timed/index.js';
import { expectPositionals, parseCommandArgs, requiredString, stringValue } from '../args.js';
import { SUBTITLES_HELP } from '../help.js';
import { plural, printable, type CliIo } from '../io.js';

export async function subtitlesCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('subtitles', args, {
    format: { type: 'string' }, level: { type: 'string' }, 'max-line-width': { type: 'string' }, 'max-lines': { type: 'string' }, 'line-breaks': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    io.stdout.write(SUBTITLES_HELP);
    return 0;
  }
  const [outArg = ''] = expectPositionals(positionals, ['run-out-dir'], 'subtitles');
  const runDir = path.resolve(io.cwd, outArg);
  const formats = parseValue(keySpec('subtitles'), requiredString(values, 'format', 'subtitles'), { kind: 'flag', flag: 'format', dir: io.cwd }) as SubtitleFormat[];
  const flag = (name: string, key: ConfigKey): unknown => {
    const text = stringValue(values, name);
    return text === undefined ? keySpec(key).default : parseValue(keySpec(key), text, { kind: 'flag', flag: name, dir: io.cwd });
  };
  const cues = {
    level: flag('level', 'subtitleLevel'), maxLineWidth: flag('max-line-width', 'subtitleMaxLineWidth'), maxLines: flag('max-lines', 'subtitleMaxLines'),
    lineBreaks: flag('line-breaks', 'subtitleLineBreaks'),
  } as CueOptions;
  const { writeSubtitleFiles } = await import('../../pipeline/stages/timed-files.js');
  const result = await writeSubtitleFiles(runDir, { formats, cues });
  io.stdout.write(`subtitles: ${plural(result.files, 'file')} (${formats.join(', ')}, ${cues.level} level${wrapping(cues)}) for ${plural(result.recordings - result.missing.length, 'recording')} in ${path.join(runDir, TRANSCRIPTS_DIR)}\n`);
  if (result.missing.length === 0) return 0;
  io.stderr.write(
    `no timed transcript (a failed recording, or an output made before dictclip wrote them) for ${plural(result.missing.length, 'recording')}:\n`,
  );
  for (const source of result.missing) io.stderr.write(`  ${printable(source)}\n`);
  io.stderr.write(
    'Fix: run the same `dictclip run` again with --subtitles: kept recordings get them without dictating or cutting again.\n',
  );
  return 1;
}

/** `, lines of ≤ 42 characters, ≤ 2 per cue` for the summary line; nothing without wrapping. */
function wrapping(cues: CueOptions): string {
  if (cues.maxLineWidth === undefined) return '';
  return `, lines of ≤ ${cues.maxLineWidth} characters${cues.maxLines === undefined ? '' : `, ≤ ${cues.maxLines} per cue`}`;
}
