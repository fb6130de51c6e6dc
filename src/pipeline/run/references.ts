/**
 * Where each recording's reference transcript comes from in a run, so that a reference is never
 * lost between runs over one output folder:
 *   1. `corrections/<src>.txt` of the output (what `dictclip review` saved), with its word edits
 *      (`corrections/<src>.words.json`: times a person set, words checked), per recording;
 *   2. else the run's `transcripts` (a folder or a table), or, when none is given, the one the
 *      output's run.json remembers from the run before (unless `reuseTranscripts` is false);
 *   3. else none: the clips carry what the recognizer heard.
 * Giving the output's own `corrections/` as `transcripts` (how earlier versions re-cut after a
 * review) means the same as not giving it: corrections apply on their own, over the remembered references.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { closest, editDistance } from '../../config/suggest.js';
import { DictclipError } from '../../errors.js';
import { sha256 } from '../../files.js';
import { openReferences, readReferenceFile } from '../../reference/index.js';
import type { Reference, ReferenceSet } from '../../reference/index.js';
import { correctionTextOf, matchesText, readCorrectionWords } from '../../run-output/corrections.js';
import type { WordEdit } from '../../run-output/corrections.js';
import { CORRECTIONS_DIR } from '../../run-output/layout.js';
import { correctionPath } from '../../run-output/naming.js';
import { checkOwnFile } from '../../run-output/safe-path.js';

/** A recording's reference as the run found it. */
export interface FoundReference {
  reference: Reference;
  /** `review`: the output's corrections/<src>.txt (dictclip review); `transcripts`: the run's (given or remembered) references. */
  from: 'review' | 'transcripts';
  /** The review's word edits over a correction (their text's hash matched), else none. */
  edits: readonly WordEdit[];
  /** SHA-256 of the edits (enters the clip fingerprint), undefined without edits. */
  editsSha256: string | undefined;
}

/** The references of one run. */
export interface RunReferences {
  /** The transcripts in use (absolute; given, else remembered); undefined for none. run.json records it. */
  location: string | undefined;
  /** Whether `location` was remembered from the run before (not given to this run). */
  remembered: boolean;
  /** Their set (fingerprint for run.json, unused files for skipped.csv). */
  set: ReferenceSet | undefined;
  /** Things to tell the user now (two files for one recording, the output's corrections given as transcripts, transcripts gone). */
  notes: string[];
  /**
   * The reference of a recording, undefined when it has none.
   * @throws DictclipError reading it (`E_INPUT`, `E_REFERENCE_ENCODING`, `E_REFERENCE_EMPTY`, `E_CORRECTIONS_INVALID`;
   *   `E_UNSAFE_PATH` for a correction that is a link or lies outside the output folder).
   */
  find(relPath: string, warn: (message: string) => void): Promise<FoundReference | undefined>;
  /** Why a recording has no reference: the names looked for and the closest reference that matched no recording. */
  missing(relPath: string): string;
}

/** What the run gives to find its references. */
export interface RunReferenceOptions {
  outDir: string;
  /** The `transcripts` option (undefined: none given). */
  given: string | undefined;
  /** The transcripts run.json remembers (undefined: none). */
  remembered: string | undefined;
  /** `reuseTranscripts`: take the remembered ones when none are given. */
  reuse: boolean;
  /** Every recording of the input (shards included). */
  relPaths: readonly string[];
}

/** Open the references of a run. @throws DictclipError `E_CONFIG` when given transcripts do not exist or cannot be read. */
export async function openRunReferences(o: RunReferenceOptions): Promise<RunReferences> {
  const notes: string[] = [];
  const ownCorrections = path.resolve(o.outDir, CORRECTIONS_DIR);
  let given = o.given === undefined ? undefined : path.resolve(o.given);
  if (given === ownCorrections) {
    notes.push(`--transcripts ${o.given} is this output's corrections folder: corrections apply on their own, over the references of the run before; it is not needed`);
    given = undefined;
  }
  let location = given ?? (o.reuse ? o.remembered : undefined);
  const remembered = given === undefined && location !== undefined;
  if (remembered && location !== undefined && !existsSync(location)) {
    notes.push(`the reference transcripts of the run before (${location}) are gone: give --transcripts again, or --no-reuse-transcripts to cut from what the recognizer heard`);
    location = undefined;
  }
  const set = location === undefined ? undefined : await openReferences(location, o.relPaths);
  notes.push(...(set?.notes ?? []));
  return {
    location, remembered, set, notes,
    async find(relPath, warn) {
      const correction = await findCorrection(o.outDir, relPath, warn);
      if (correction !== undefined) return correction;
      const load = set?.find(relPath);
      return load === undefined ? undefined : { reference: await load(), from: 'transcripts', edits: [], editsSha256: undefined };
    },
    missing: (relPath) => missingMessage(relPath, location, set),
  };
}

/** corrections/<src>.txt with its matching word edits; undefined when there is no correction. */
async function findCorrection(outDir: string, relPath: string, warn: (message: string) => void): Promise<FoundReference | undefined> {
  const file = correctionPath(outDir, relPath);
  if (!existsSync(file)) return undefined;
  // The same refusal as the review's: a link, or corrections/ leading out of the output folder, is no correction of this run.
  await checkOwnFile(outDir, file);
  const reference = await readReferenceFile(file);
  const words = await readCorrectionWords(outDir, relPath);
  if (words === null || words.words.length === 0) return { reference, from: 'review', edits: [], editsSha256: undefined };
  if (!matchesText(words, correctionTextOf(reference.text))) {
    warn(`the word edits of ${relPath} (times, verified) were made on another text than ${file} holds now: they are not applied`);
    return { reference, from: 'review', edits: [], editsSha256: undefined };
  }
  return { reference, from: 'review', edits: words.words, editsSha256: sha256(JSON.stringify(words.words)) };
}

function missingMessage(relPath: string, location: string | undefined, set: ReferenceSet | undefined): string {
  if (location === undefined || set === undefined) {
    return `no reference transcript for ${relPath}: no --transcripts given, none remembered from the run before, and no corrections/${relPath}.txt`;
  }
  const looked = set.lookedFor(relPath);
  const unused = closestUnused(looked, set.unused);
  const table = set.files.length === 1 && set.files[0] === path.resolve(location); // its names are `<table>#<id>` already
  const near = unused === undefined || table ? unused : path.join(location, ...unused.split('/'));
  return `no reference transcript for ${relPath}: looked for ${looked.join(' and ')}` +
    (near === undefined ? '; no reference is left without a recording' : `; the closest reference that matches no recording is ${near}`);
}

/** The unused reference nearest to any of the names looked for (by edit distance of the names). */
function closestUnused(looked: readonly string[], unused: readonly string[]): string | undefined {
  const names = looked.map((name) => path.basename(name));
  let best: string | undefined;
  let distance = Infinity;
  for (const name of names) {
    const near = closest(name, unused.map((u) => path.posix.basename(u)));
    if (near === undefined) continue;
    const d = editDistance(name, near);
    if (d < distance) {
      distance = d;
      best = unused.find((u) => path.posix.basename(u) === near);
    }
  }
  return best;
}

/** The failure of a recording without a reference in a run that requires one. */
export function missingReferenceError(message: string): DictclipError {
  return new DictclipError('E_REFERENCE_MISSING', `${message} (--require-transcripts: nothing is cut from it)`, { key: 'requireTranscripts' });
}
