/**
 * The two recognizer passes over a recording's pieces, each one `pocketsphinx_batch` process in
 * the aligner's working folder: the grammar search (the piece's words, in order) and the free
 * phone loop (any phone after any phone) over the very same frames, whose score is what the audio
 * would give without the text.
 *
 * Each process loads only what its search reads. Left to its defaults the recognizer loads the
 * model's 27 MB word language model (a grammar search never reads it: each piece's search is its
 * grammar) and its 134,000-word dictionary (a phone loop reads no words); about 0.07 s of CPU a
 * process, a third of a grammar search of 15 s of audio. So the grammar search starts on its first
 * piece's grammar (`-fsg`), and the phone loop gets a dictionary of no words: the same segments
 * and scores, byte for byte (measured on the reference-run benchmark's 17 recordings).
 */
import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runProcess } from '../../child-process.js';
import { POCKETSPHINX_INSTALL_HINT, type PocketSphinxModel } from '../../pocketsphinx-model.js';
import { parseHypseg, type HypSegment } from './hypseg.js';

/** Header bytes of the work format (`-adchdr`). */
export const HEADER_BYTES = 44;
/** Milliseconds per recognizer frame (PocketSphinx's default 100 frames a second). */
export const FRAME_MS = 10;
/**
 * Grammar search settings: `-dither` keeps digital silence decodable, `-seed` makes dithering the
 * same on every run, `-remove_silence no` keeps frame numbers as times. The beams are far wider
 * than the recognizer's defaults (1e-48 / 1e-48 / 7e-29): with those the right path drops out on
 * voices the model fits badly, and the search puts later words on earlier words' audio (measured
 * on real accented voices: 220 of 225 digits placed, 5 on another word's audio; with these 225,
 * none; about +25 % of the search's CPU, which is small beside recognition).
 */
export const ALIGN_SETTINGS: readonly string[] = [
  '-dither', 'yes', '-seed', '1', '-remove_silence', 'no', '-silprob', '1.0', '-fillprob', '1e-10',
  '-beam', '1e-160', '-pbeam', '1e-140', '-wbeam', '1e-140',
];
/**
 * Phone-loop settings: context-independent phones (the context-dependent loop costs about 20 times
 * more CPU for the same use) and narrow beams (it only has to score the frames, not find words).
 */
export const LOOP_SETTINGS: readonly string[] = [
  '-dither', 'yes', '-seed', '1', '-remove_silence', 'no', '-allphone_ci', 'yes', '-beam', '1e-20', '-pbeam', '1e-20',
];
/** The phone loop's dictionary in the working folder: empty (the loop reads phones, no words; the filler words come with the model). */
export const LOOP_DICTIONARY = 'loop.dict';

/** A piece as the recognizer reads it: frames of the work audio and its grammar's name. */
export interface PieceJob {
  readonly startFrame: number;
  readonly endFrame: number;
  /** Utterance id, and the grammar file `<id>.fsg` in the working folder. */
  readonly id: string;
}

export interface SearchOptions {
  /** The working folder, holding `audio.wav` (the work audio) and the grammars. */
  readonly dir: string;
  readonly binary: string;
  readonly model: PocketSphinxModel;
  /** Extra settings appended last, replacing defaults of the same name (grammar search only). */
  readonly settings: readonly string[];
  readonly signal?: AbortSignal | undefined;
  /** For error reports. */
  readonly path: string;
}

/** `defaults` (`-name value` pairs) with the pairs of `extra` replacing those of the same name, and extra ones appended. */
export function mergeSettings(defaults: readonly string[], extra: readonly string[]): string[] {
  const pairs = new Map<string, string>();
  for (const list of [defaults, extra]) for (let i = 0; i + 1 < list.length; i += 2) pairs.set(list[i]!, list[i + 1]!);
  return [...pairs].flat();
}

/** The recognizer's arguments for a pass named `name` in the working folder `dir` (`extra`: the pass's own, last). */
export function decodeArgs(name: string, dir: string, model: Pick<PocketSphinxModel, 'hmm'>, extra: readonly string[]): string[] {
  return [
    '-adcin', 'yes', '-adchdr', String(HEADER_BYTES), '-cepdir', dir, '-cepext', '',
    '-ctl', join(dir, `${name}.ctl`), '-hmm', model.hmm, '-hypseg', join(dir, `${name}.hypseg`), ...extra,
  ];
}

/**
 * The grammar search's own arguments (`settings`: the caller's, replacing the defaults): each
 * piece's grammar by its id (`-fsgctl`), and the grammar of the first piece (`first`, its id) as
 * the one the recognizer starts with (`-fsg`), so it loads no word language model.
 */
export function grammarArgs(name: string, dir: string, first: string, dict: string, settings: readonly string[]): string[] {
  return [
    '-fsgctl', join(dir, `${name}.fsgctl`), '-fsgdir', dir, '-fsgext', '.fsg', '-fsg', join(dir, `${first}.fsg`),
    '-dict', join(dir, dict), ...mergeSettings(ALIGN_SETTINGS, settings),
  ];
}

/** The phone loop's own arguments (`phoneLm`: the model's phone language model): its dictionary is {@link LOOP_DICTIONARY}. */
export function loopArgs(dir: string, phoneLm: string): string[] {
  return ['-allphone', phoneLm, '-dict', join(dir, LOOP_DICTIONARY), ...LOOP_SETTINGS];
}

async function decode(
  name: string,
  pieces: readonly PieceJob[],
  extra: readonly string[],
  options: SearchOptions,
): Promise<Map<string, HypSegment[]>> {
  const { dir } = options;
  const out = join(dir, `${name}.hypseg`);
  await writeFile(join(dir, `${name}.ctl`), pieces.map((p) => `audio.wav ${p.startFrame} ${p.endFrame} ${p.id}\n`).join(''));
  await runProcess(options.binary, decodeArgs(name, dir, options.model, extra), {
    errorCode: 'E_ENGINE',
    name: 'PocketSphinx',
    startHint: POCKETSPHINX_INSTALL_HINT,
    signal: options.signal,
    path: options.path,
  });
  return parseHypseg(await readFile(out, 'utf8').catch(() => ''));
}

/**
 * The grammar search of every piece (`<id>.fsg` and the dictionary `dict`, `run.dict` unless
 * named, in the working folder; `name` names its control and result files): segments per piece id.
 */
export async function grammarSearch(
  pieces: readonly PieceJob[],
  options: SearchOptions,
  { name = 'grammar', dict = 'run.dict' }: { name?: string; dict?: string } = {},
): Promise<Map<string, HypSegment[]>> {
  const { dir } = options;
  if (pieces.length === 0) return new Map();
  await writeFile(join(dir, `${name}.fsgctl`), pieces.map((p) => `${p.id}\n`).join(''));
  return decode(name, pieces, grammarArgs(name, dir, pieces[0]!.id, dict, options.settings), options);
}

/** The free phone loop over the same pieces: phone segments per piece id; undefined when the model has no phone language model. */
export async function phoneLoop(pieces: readonly PieceJob[], options: SearchOptions): Promise<Map<string, HypSegment[]> | undefined> {
  if (!(await access(options.model.phoneLm).then(() => true, () => false))) return undefined;
  await writeFile(join(options.dir, LOOP_DICTIONARY), '');
  return decode('loop', pieces, loopArgs(options.dir, options.model.phoneLm), options);
}
