/** `dictclip subtitles <run-out-dir> --format <f>[,<f>…]|all [--level phrase|word]`: subtitle files of a finished run, from its timed transcripts alone. */
import path from 'node:path';
import { keySpec } from '../../config/keys.js';
import { TRANSCRIPTS_DIR } from '../../run-output/layout.js';
import { parseValue } from '../../config/validate.js';
import type { SubtitleFormat, SubtitleLevel } from '../../timed/index.js';
import { expectPositionals, parseCommandArgs, requiredString, stringValue } from '../args.js';
import { SUBTITLES_HELP } from '../help.js';
import { plural, type CliIo } from '../io.js';

export async function subtitlesCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('subtitles', args, {
    format: { type: 'string' }, level: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    io.stdout.write(SUBTITLES_HELP);
    return 0;
  }
  const [outArg = ''] = expectPositionals(positionals, ['run-out-dir'], 'subtitles');
  const runDir = path.resolve(io.cwd, outArg);
  const formats = parseValue(keySpec('subtitles'), requiredString(values, 'format', 'subtitles'), { kind: 'flag', flag: 'format', dir: io.cwd }) as SubtitleFormat[];
  const levelText = stringValue(values, 'level');
  const level = (levelText === undefined ? keySpec('subtitleLevel').default : parseValue(keySpec('subtitleLevel'), levelText, { kind: 'flag', flag: 'level', dir: io.cwd })) as SubtitleLevel;
  const { writeSubtitleFiles } = await import('../../pipeline/timed-files.js');
  const result = await writeSubtitleFiles(runDir, { formats, level });
  io.stdout.write(`subtitles: ${plural(result.files, 'file')} (${formats.join(', ')}, ${level} level) for ${plural(result.recordings - result.missing.length, 'recording')} in ${path.join(runDir, TRANSCRIPTS_DIR)}\n`);
  if (result.missing.length === 0) return 0;
  io.stderr.write(`no timed transcript (a failed recording, or an output made before dictclip wrote them) for ${plural(result.missing.length, 'recording')}:\n`);
  for (const source of result.missing) io.stderr.write(`  ${source}\n`);
  io.stderr.write('Fix: run the same `dictclip run` again with --subtitles: kept recordings get them without dictating or cutting again.\n');
  return 1;
}
