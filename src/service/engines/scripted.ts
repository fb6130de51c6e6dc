/**
 * The scripted engine: answers from a {@link ScriptFile} instead of recognizing speech, so tests,
 * demos and CI get exact, known words for known audio (matched by duration), with optional delays
 * and faults, and deterministic `segments` words for any other audio.
 */
import { sleep } from '../../sleep.js';
import { DictclipError } from '../../errors.js';
import type { Engine, Recognition, RecognizeOptions } from '../types.js';
import type { ScriptEntry, ScriptFile } from './script-file.js';
import { segmentWords } from './segments.js';
import { isDictationFault } from '../faults/index.js';

const DEFAULT_TOLERANCE_MS = 20;
const DEFAULT_CONFIDENCE = 0.9;

function aborted(signal: AbortSignal): DictclipError {
  return new DictclipError('E_ABORTED', 'Recognition aborted.', { cause: signal.reason });
}

async function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) {
    if (signal?.aborted === true) throw aborted(signal);
    return;
  }
  try {
    await sleep(ms, signal);
  } catch (error) {
    if (signal?.aborted === true) throw aborted(signal);
    throw error;
  }
}

function waitForAbort(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal === undefined) return; // never settles: only an abort ends a never-done job
    if (signal.aborted) reject(aborted(signal));
    else signal.addEventListener('abort', () => reject(aborted(signal)), { once: true });
  });
}

/** The first entry whose match fits the duration. */
export function findScript(script: ScriptFile, durationMs: number): ScriptEntry | undefined {
  return script.scripts.find((entry) => {
    const expected = entry.match?.durationMs;
    if (expected === undefined) return true;
    return Math.abs(durationMs - expected) <= (entry.match?.toleranceMs ?? DEFAULT_TOLERANCE_MS);
  });
}

/**
 * Create an engine that answers from `script`: the first entry whose `match.durationMs` is within
 * `toleranceMs` (default 20) of the audio duration gives the words; otherwise the `segments`
 * fallback (default) names the non-silent stretches alpha, bravo, charlie …, or `none` gives no
 * words. `Recognition.endMs` is the audio duration. Faults: `fail` throws E_ENGINE, `never-done`
 * only ends (E_ABORTED) when the signal aborts.
 */
export function createScriptedEngine(script: ScriptFile): Engine {
  return {
    name: 'scripted',
    async check(): Promise<void> {},
    async recognize(audioPath: string, options: RecognizeOptions): Promise<Recognition> {
      const { signal, durationMs } = options;
      const entry = findScript(script, durationMs);
      const fallback = entry === undefined && (script.fallback ?? 'segments') === 'segments';
      // The fallback words are found while the delay runs: the delay is the whole latency of the job.
      const found = fallback ? segmentWords(audioPath) : undefined;
      found?.catch(() => undefined);
      await wait(entry?.delayMs ?? script.delayMs ?? 0, signal);
      if (entry?.fault === 'fail') {
        throw new DictclipError('E_ENGINE', 'The scripted engine failed as scripted (fault "fail").', { path: audioPath });
      }
      if (entry?.fault === 'never-done') return waitForAbort(signal);
      const endMs = Math.round(durationMs);
      if (entry !== undefined) {
        const words = entry.words.map((w) => ({
          word: w.word,
          startMs: w.startMs,
          endMs: w.endMs,
          confidence: w.confidence ?? DEFAULT_CONFIDENCE,
        }));
        return { words, endMs, ...(isDictationFault(entry.fault) ? { fault: entry.fault } : {}) };
      }
      if (found === undefined) return { words: [], endMs };
      const { words } = await found;
      if (signal?.aborted === true) throw aborted(signal);
      return { words, endMs };
    },
  };
}
