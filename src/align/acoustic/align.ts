/**
 * Acoustic alignment: the reference words are placed in the audio by PocketSphinx's grammar search
 * (`pocketsphinx_batch` with one finite-state grammar per piece). One recognizer process decodes
 * every piece of a recording; its dictionary holds exactly the run's tokens, by position. Last,
 * one more process forces the placed words phone by phone (phone-pass.ts), each beside a few other
 * words of the text (rivals.ts): a second opinion on where each word starts and on whether another
 * word fits its frames better, kept in its evidence for the confidence model.
 */
import { symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DictclipError } from '../../errors.js';
import {
  DEFAULT_POCKETSPHINX_BINARY,
  DEFAULT_POCKETSPHINX_MODEL_DIR,
  checkPocketSphinxModel,
  pocketSphinxModel,
} from '../../pocketsphinx-model.js';
import { readWavInfo } from '../../wav-header.js';
import { loopScoreOver, plausible, scorePerFrame, WELL_FIT_SCORE_PER_FRAME } from './evidence.js';
import { garbageName, pieceGrammar, tokenIndex, tokenName, tokenVariant, type GrammarWord, type UnscriptedSpeech } from './grammar.js';
import type { HypSegment } from './hypseg.js';
import { phonePass } from './phone-pass-search.js';
import { rivalPhones } from './rivals.js';
import { pronounce } from './pronunciations.js';
import { quietFrames } from './frame-levels.js';
import { FRAME_MS, grammarSearch, HEADER_BYTES, phoneLoop, type PieceJob } from './search.js';
import { afterDroppedPieces, keptAfterDropped, placedAfterDropped } from './after-dropped.js';
import { islandPieces, loudMsIn, movedToIslands, unclaimedIslands } from './islands.js';
import { placeTwins } from './twins.js';
import { vowelCount } from './vowels.js';
import { withHeld, withoutHeld } from './held.js';
import { recordingLevels, settleSpans } from './settle.js';
import type { AcousticAlignment, AcousticSpan, AlignAcousticOptions, WordEvidence } from './types.js';
import {
  garbageStretches,
  LOUD_OVER_FLOOR_DB,
  MAX_UNSCRIPTED_SHARE,
  UNCOVERED_SPEECH_FRAMES,
  UNSCRIPTED_SPEECH,
  uncoveredSpeechFrames,
  unscriptedShare,
} from './unscripted.js';
import { makeWorkFolder } from './work-folder.js';
import { alignInWindows, type Piece } from './windows.js';

/** The window of audio searched at once in longer audio (shorter audio is searched whole). */
export const WINDOW_MS = 30_000;
/**
 * Weight of skipping a prefix or suffix of a piece's words (against 1 for the next word). Much
 * smaller weights fall outside the search's word beam and the skip is never taken.
 */
export const SKIP_PROBABILITY = 1e-3;
/** Weight of leaving out any one word (a word of the text that was never spoken). */
export const WORD_SKIP_PROBABILITY = 1e-9;

/**
 * Place each reference word in the audio. Words with no tokens, words whose tokens have no
 * pronunciation, and words the search skipped (not found in their piece) come back `null`.
 * @throws DictclipError E_INVALID_ARGUMENT (not the work format), E_ENGINE (recognizer or model missing, recognizer failed), E_ABORTED.
 */
export async function alignAcoustic(options: AlignAcousticOptions): Promise<AcousticAlignment> {
  const { wavPath, words, signal } = options;
  const info = await readWavInfo(wavPath).catch((cause: unknown) => {
    throw new DictclipError('E_INVALID_ARGUMENT', `Cannot read the audio to align: ${wavPath}`, { path: wavPath, cause });
  });
  if (info.dataOffset !== HEADER_BYTES || info.sampleRate !== 16_000 || info.channels !== 1 || info.bitsPerSample !== 16) {
    throw new DictclipError('E_INVALID_ARGUMENT', `Acoustic alignment needs 16 kHz mono 16-bit WAV with a 44-byte header: ${wavPath}`, {
      path: wavPath,
    });
  }
  const ps = options.pocketsphinx ?? {};
  const model = pocketSphinxModel(ps.modelDir ?? DEFAULT_POCKETSPHINX_MODEL_DIR);
  await checkPocketSphinxModel(model, ['hmm', 'dict']);

  const tokenSet = new Set(words.flat());
  const none = { words: words.map(() => null), fit: { scorePerFrame: null, placedShare: 0, wellFitShare: 0 } };
  if (tokenSet.size === 0) return none;
  const pronunciations = await pronounce(tokenSet, model.dict, {
    binary: ps.espeakBinary ?? 'espeak-ng', voice: ps.espeakVoice ?? 'en-us', signal,
  });
  // Token positions, and the words that can be aligned (every token pronounceable).
  const grammarWords: GrammarWord[] = [];
  const tokenOwner: number[] = [];
  const tokenPronunciations: string[][][] = [];
  const dictionary: string[] = [];
  words.forEach((tokens, word) => {
    if (tokens.length === 0 || !tokens.every((t) => pronunciations.has(t))) return;
    const positions = tokens.map((token) => {
      const position = tokenOwner.length;
      tokenOwner.push(word);
      tokenPronunciations.push(pronunciations.get(token) ?? []);
      (pronunciations.get(token) ?? []).forEach((phones, v) =>
        dictionary.push(`${tokenName(position)}${v === 0 ? '' : `(${v + 1})`} ${phones.join(' ')}`),
      );
      return position;
    });
    grammarWords.push({ word, tokens: positions });
  });
  const byWord = new Map(grammarWords.map((g) => [g.word, g]));
  const windowMs = options.windowMs ?? WINDOW_MS;
  const spoken = grammarWords.map((g) => g.word);
  if (spoken.length === 0) return none;
  const folder = await makeWorkFolder(options.tempDir ?? tmpdir());
  try {
    const dir = folder.path;
    await symlink(resolve(wavPath), join(dir, 'audio.wav'));
    const garbage = UNSCRIPTED_SPEECH.phones.map((phone) => `${garbageName(phone)} ${phone}`);
    await writeFile(join(dir, 'run.dict'), `${[...dictionary, ...garbage].join('\n')}\n`);
    const search = { dir, binary: ps.binary ?? DEFAULT_POCKETSPHINX_BINARY, model, settings: ps.settings ?? [], signal, path: wavPath };
    /** Per placed word its phones as the search chose them (the last search that placed it), for the phone pass. */
    const chosenPhones = new Map<number, string[]>();
    const lexicon = { tokenOwner, tokenPronunciations, byWord, chosenPhones };
    let round = 0;
    const wav = { ...info, path: wavPath };
    const levels = await recordingLevels(wav, FRAME_MS);
    // Per 10 ms frame 1 when loud: speech the search leaves without words sends its piece to be searched again (unscripted.ts).
    const loud = quietFrames(levels.search, LOUD_OVER_FLOOR_DB).map((quiet) => 1 - quiet);
    /** Stretches the garbage loop took (speech the text lacks), ms: no word is moved onto them (islands below). */
    const unscripted: [number, number][] = [];
    /** Words the first search placed and the evidence rules rejected: held while the edges settle (held.ts). */
    const rejected = new Map<number, AcousticSpan>();
    /**
     * Both passes over `pieces` (one process each): the plausible spans found, by word. `retry`: the first search (pieces that
     * left speech without words are searched again, and rejected words are kept in `rejected`), not the islands'.
     */
    const searchPieces = async (pieces: readonly Piece[], retry = true): Promise<Map<number, AcousticSpan>> => {
      if (pieces.length === 0) return new Map();
      const jobs: PieceJob[] = pieces.map((p) => ({
        startFrame: Math.floor(p.startMs / FRAME_MS),
        endFrame: Math.ceil(p.endMs / FRAME_MS),
        id: `p${round++}`,
      }));
      const writeGrammar = (i: number, id: string, unscripted?: UnscriptedSpeech): Promise<void> =>
        writeFile(
          join(dir, `${id}.fsg`),
          pieceGrammar(id, pieces[i]!.words.map((w) => byWord.get(w)!), SKIP_PROBABILITY, WORD_SKIP_PROBABILITY, unscripted),
        );
      await Promise.all(jobs.map((job, i) => writeGrammar(i, job.id)));
      // The two passes read the same audio and write apart (grammar.*, loop.*): one process each, side by side. Both settle before
      // either's failure is thrown, so no process still writes when the folder is removed.
      const [decodedPass, loopPass] = await Promise.allSettled([grammarSearch(jobs, search), phoneLoop(jobs, search)]);
      if (decodedPass.status === 'rejected') throw decodedPass.reason;
      if (loopPass.status === 'rejected') throw loopPass.reason;
      const decoded = decodedPass.value;
      const loop = loopPass.value;
      // Pieces whose search left a long stretch of speech without words: again, with a garbage loop for speech the text lacks.
      const again = jobs.flatMap((job, i) =>
        retry && uncoveredSpeechFrames(decoded.get(job.id) ?? [], loud, job.startFrame) >= UNCOVERED_SPEECH_FRAMES ? [i] : [],
      );
      if (again.length > 0) {
        const redo = again.map((i) => ({ ...jobs[i]!, id: `${jobs[i]!.id}u` }));
        await Promise.all(again.map((i, k) => writeGrammar(i, redo[k]!.id, UNSCRIPTED_SPEECH)));
        const redone = await grammarSearch(redo, search);
        again.forEach((i, k) => {
          const segments = redone.get(redo[k]!.id) ?? [];
          if (unscriptedShare(segments, loud, jobs[i]!.startFrame) > MAX_UNSCRIPTED_SHARE) return;
          decoded.set(jobs[i]!.id, segments);
          const at = (frame: number): number => (jobs[i]!.startFrame + frame) * FRAME_MS;
          unscripted.push(...garbageStretches(segments).map(([a, b]): [number, number] => [at(a), at(b)]));
        });
      }
      const found = new Map<number, AcousticSpan>();
      for (const job of jobs)
        placeWords(decoded.get(job.id) ?? [], loop === undefined ? undefined : (loop.get(job.id) ?? []), job.startFrame, lexicon, found);
      for (const [word, span] of found) {
        if (span.evidence === undefined || plausible(span.evidence)) continue;
        if (retry) rejected.set(word, span);
        found.delete(word);
      }
      return found;
    };
    // Long audio is searched window by window, each starting after the last word it is sure of; no time from elsewhere (a recognizer's)
    // is trusted to cut it.
    let found = info.durationMs > windowMs
      ? await alignInWindows(spoken, info.durationMs, windowMs, (piece) => searchPieces([piece]))
      : await searchPieces([{ startMs: 0, endMs: info.durationMs, words: spoken }]);
    // Per word the phones of its first pronunciation (0: not aligned), for the rule on words squeezed beside a missing one.
    // Per word of the text the phones of its tokens' first pronunciations (undefined: not aligned).
    const firstPhones = (w: number): string[] | undefined => byWord.get(w)?.tokens.flatMap((t) => tokenPronunciations[t]?.[0] ?? []);
    const wordPhones = words.map((_, w) => firstPhones(w)?.length ?? 0);
    // The rejected words hold their spans while the edges settle, so their neighbours do not take their audio (held.ts).
    /** `spans` settled with the rejected words held (`held`), and without them (`kept`). */
    const settle = async (spans: ReadonlyMap<number, AcousticSpan>): Promise<Record<'held' | 'kept', (AcousticSpan | null)[]>> => {
      const withRejected = withHeld(spans, rejected);
      const settledHeld = await settleSpans(withRejected.spans, wordPhones, wav, levels);
      return { held: settledHeld, kept: withoutHeld(settledHeld, withRejected.held) };
    };
    let { held: settledHeld, kept: settled } = await settle(found);
    // The words after a word the settling dropped (one on noise), searched for again without it (after-dropped.ts).
    const dropped = afterDroppedPieces(found, settled, spoken, info.durationMs);
    if (dropped.length > 0) {
      const spans = await searchPieces(dropped, false);
      const again = await settle(placedAfterDropped(found, dropped, spans));
      // Each piece judged on its own: its words take the new places only where the settling kept more of them.
      const better = dropped.filter((piece) => keptAfterDropped([piece], again.kept) > keptAfterDropped([piece], settled));
      if (better.length > 0) {
        found = placedAfterDropped(found, better, spans);
        ({ held: settledHeld, kept: settled } = better.length === dropped.length ? again : await settle(found));
      }
    }
    let refined = settled;
    // Sound no word was given beside a word placed elsewhere: each of the two words around it is searched for again on that stretch
    // alone, and moves there when it fits it better (aligned minus phone-loop score a frame) than where it was and the stretch holds
    // at least as much loud sound as the place it leaves (islands.ts).
    const islands = unclaimedIslands(settledHeld, levels.energy, levels.steady)
      .filter((isle) => !unscripted.some(([a, b]) => isle.startMs < b && isle.endMs > a));
    if (islands.length > 0) {
      const again = await searchPieces(islandPieces(islands, settledHeld, info.durationMs), false);
      const moved = movedToIslands(found, again, (span) => loudMsIn(levels.energy, levels.steady, span.startMs, span.endMs));
      if (moved !== null) refined = (await settle(moved)).kept;
    }
    // A second opinion on each placed word's start, and whether another word of the text fits its frames better: the same words
    // forced-aligned phone by phone, each beside its rivals (phone-pass.ts, rivals.ts).
    const rivalsOf = (placed: readonly number[]): Map<number, string[][]> => rivalPhones(placed, words.length, firstPhones);
    const pass = await phonePass(refined, chosenPhones, rivalsOf, info.durationMs, search);
    refined = refined.map((span, word) => {
      const phoneStartMs = pass.starts.get(word);
      const rival = pass.rivalWon.has(word);
      if (span?.evidence === undefined || (phoneStartMs === undefined && !rival)) return span;
      const evidence = { ...span.evidence, ...(phoneStartMs === undefined ? {} : { phoneStartMs }) };
      return { ...span, evidence: rival ? { ...evidence, rival: true as const } : evidence };
    });
    // The same word said twice in a row with one of them not found: the one left out goes where sound no word was given lies (twins.ts).
    refined = placeTwins(refined, words, levels.edges, info.durationMs);
    return {
      words: refined,
      // Whether the text fits is judged on the search's own placement: a move onto an island improves that word's fit, and with
      // another recording's text, where sound no word was given lies everywhere, the moves made a wrong text look right.
      fit: textFit(settled, grammarWords.length),
    };
  } finally {
    await folder.remove();
  }
}

/** The fit of the text as a whole (see {@link AcousticAlignment.fit}). */
function textFit(words: readonly (AcousticSpan | null)[], aligned: number): AcousticAlignment['fit'] {
  let frames = 0;
  let gap = 0;
  let placed = 0;
  let wellFit = 0;
  let scored = true;
  for (const span of words) {
    if (span === null) continue;
    placed++;
    const perFrame = span.evidence === undefined ? null : scorePerFrame(span.evidence);
    if (perFrame === null) { scored = false; wellFit++; continue; }
    if (perFrame >= WELL_FIT_SCORE_PER_FRAME) wellFit++;
    frames += span.evidence!.frames;
    gap += perFrame * span.evidence!.frames;
  }
  const share = (n: number): number => (aligned === 0 ? 0 : n / aligned);
  return { scorePerFrame: scored && frames > 0 ? gap / frames : null, placedShare: share(placed), wellFitShare: share(wellFit) };
}

interface Lexicon {
  /** Per token position its word. */
  readonly tokenOwner: readonly number[];
  readonly byWord: ReadonlyMap<number, GrammarWord>;
  /** Per token position the phones of each of its variants. */
  readonly tokenPronunciations: readonly (readonly (readonly string[])[])[];
  /** Filled in: per placed word its phones as the search chose them. */
  readonly chosenPhones: Map<number, string[]>;
}

/**
 * Put the decoded tokens' times and evidence on their words (`offsetFrame`: the piece's first
 * frame); a word is placed only when all its tokens were found.
 */
function placeWords(
  segments: readonly HypSegment[],
  loop: readonly HypSegment[] | undefined,
  offsetFrame: number,
  lexicon: Lexicon,
  result: Map<number, AcousticSpan>,
): void {
  const found = new Map<number, { startFrame: number; endFrame: number; count: number; score: number; phones: number }>();
  const chosen = new Map<number, string[]>();
  for (const segment of segments) {
    const token = tokenIndex(segment.word);
    if (token === undefined) continue;
    const word = lexicon.tokenOwner[token];
    if (word === undefined) continue;
    const variant = lexicon.tokenPronunciations[token]?.[tokenVariant(segment.word)] ?? [];
    const phones = variant.length;
    chosen.set(word, [...(chosen.get(word) ?? []), ...variant]);
    const seen = found.get(word);
    found.set(
      word,
      seen === undefined
        ? { startFrame: segment.startFrame, endFrame: segment.endFrame, count: 1, score: segment.acousticScore, phones }
        : {
            ...seen,
            endFrame: segment.endFrame,
            count: seen.count + 1,
            score: seen.score + segment.acousticScore,
            phones: seen.phones + phones,
          },
    );
  }
  for (const [word, span] of found) {
    if (span.count !== lexicon.byWord.get(word)?.tokens.length || span.endFrame <= span.startFrame) continue;
    const evidence: WordEvidence = {
      frames: span.endFrame - span.startFrame,
      alignedScore: span.score,
      loopScore: loop === undefined ? null : Math.round(loopScoreOver(loop, span.startFrame, span.endFrame)),
      phones: span.phones,
      vowels: vowelCount(chosen.get(word) ?? []),
      searchStartMs: (offsetFrame + span.startFrame) * FRAME_MS,
      searchEndMs: (offsetFrame + span.endFrame) * FRAME_MS,
    };
    result.set(word, { startMs: evidence.searchStartMs!, endMs: evidence.searchEndMs!, evidence });
    lexicon.chosenPhones.set(word, chosen.get(word) ?? []);
  }
}
