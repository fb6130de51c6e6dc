/**
 * Progress display fed by {@link PipelineEvents}: on a terminal one live line redrawn in place
 * (`[12/40] clips 310 · failed 1 · ETA 2m10s`, at most ~10 redraws a second); when piped, one
 * plain line per recording, per stage change of a recording and per warning; with `quiet`,
 * nothing. The live line names the stage of the recording that changed stage last, and is redrawn
 * every second while recordings are in progress (the elapsed time ticks). When piped, a heartbeat
 * line every 30 s while recordings are in progress says what is in flight, so a long dictation
 * never looks like a hang.
 */
import type { PipelineEvents, StageChange } from '../pipeline/types.js';
import { formatDuration, plural, printable, type Output } from './io.js';
import type { DictclipError } from '../errors.js';

/** Skipped files named one per line at the start; the rest are counted (skipped.csv has them all). */
const SKIPPED_LINES = 20;

export interface ProgressOptions {
  stream: Output;
  isTTY: boolean;
  quiet: boolean;
  /** Clock, for tests. @default performance.now */
  now?: () => number;
  /** Minimum time between two redraws of the live line, ms. @default 100 */
  redrawMs?: number;
  /** Redraw of the live line while recordings are in progress (a terminal), ms. @default 1000 */
  tickMs?: number;
  /** Heartbeat line while recordings are in progress (piped), ms. @default 30000 */
  heartbeatMs?: number;
}

/** Recordings named in a heartbeat line; the rest are counted. */
const HEARTBEAT_NAMES = 3;

export interface Progress {
  events: PipelineEvents;
  /** Clear the live line (call before printing the summary). */
  finish(): void;
}

export function createProgress(options: ProgressOptions): Progress {
  const now = options.now ?? (() => performance.now());
  const redrawMs = options.redrawMs ?? 100;
  const { stream, isTTY, quiet } = options;
  const state = { total: 0, finished: 0, resumed: 0, clips: 0, failed: 0, retries: 0, startedAt: now(), lastDraw: -Infinity, drawn: false };

  /** Recordings in progress: their last stage change and when they started. */
  const active = new Map<string, { change: StageChange; since: number }>();
  const liveLine = (): string => {
    const processed = state.finished - state.resumed;
    const remaining = state.total - state.finished;
    const elapsed = now() - state.startedAt;
    const eta = processed > 0 && remaining > 0 ? ` · ETA ${formatDuration((elapsed / processed) * remaining)}` : '';
    const latest = [...active.values()].at(-1);
    const current = latest === undefined ? '' : ` · ${describeStage(latest.change, now() - latest.since)}${active.size > 1 ? ` (+${active.size - 1} more)` : ''}`;
    const retries = state.retries > 0 ? ` · ${plural(state.retries, 'retry', 'retries')}` : '';
    return `[${state.finished}/${state.total}] clips ${state.clips} · failed ${state.failed}${retries}${eta}${current}`;
  };
  const inFlight = (): string => {
    const entries = [...active.values()];
    const named = entries.slice(0, HEARTBEAT_NAMES).map((a) => describeStage(a.change, now() - a.since));
    const more = entries.length > HEARTBEAT_NAMES ? `; +${entries.length - HEARTBEAT_NAMES} more` : '';
    return `${named.join('; ')}${more}`;
  };
  const draw = (force = false): void => {
    if (quiet || !isTTY) return;
    const t = now();
    if (!force && t - state.lastDraw < redrawMs) return;
    state.lastDraw = t;
    state.drawn = true;
    stream.write(`\r\x1b[2K${printable(liveLine())}`);
  };
  const clear = (): void => {
    if (state.drawn) stream.write('\r\x1b[2K');
    state.drawn = false;
  };
  /** A plain line: above the live line on a terminal, as is when piped; names and messages in it printable. */
  const line = (text: string): void => {
    if (quiet) return;
    clear();
    stream.write(`${printable(text)}\n`);
    draw(true);
  };

  // Timers only while recordings are in progress (started by the first stage change, stopped when
  // none is left and by finish), unref'd: they never keep the process alive.
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    if (active.size === 0) return stopTimer();
    if (isTTY) draw(true);
    else line(`working [${state.finished}/${state.total}] clips ${state.clips} · failed ${state.failed} · ${formatDuration(now() - state.startedAt)} elapsed · in flight: ${inFlight()}`);
  };
  const startTimer = (): void => {
    if (quiet || timer !== undefined) return;
    timer = setInterval(tick, isTTY ? (options.tickMs ?? 1_000) : (options.heartbeatMs ?? 30_000));
    timer.unref();
  };
  const stopTimer = (): void => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  const events: PipelineEvents = {
    onStageChange(change) {
      const since = active.get(change.source)?.since ?? now();
      active.delete(change.source);
      active.set(change.source, { change, since });
      startTimer();
      if (isTTY) draw();
      else line(`stage   ${describeStage(change, now() - since)}`);
    },
    onStart(info) {
      state.total = info.total;
      state.finished = 0;
      state.startedAt = now();
      for (const skipped of info.skipped.slice(0, SKIPPED_LINES)) line(`skipped ${skipped.relPath} (${skipped.reason})`);
      const more = info.skipped.length - SKIPPED_LINES;
      if (more > 0) line(`skipped ${plural(more, 'more file')} (all listed in skipped.csv)`);
      if ((info.excluded ?? 0) > 0) line(`excluded ${plural(info.excluded ?? 0, 'recording')} by --include/--exclude`);
      draw(true);
    },
    onRecordingDone(info) {
      active.delete(info.source);
      state.finished += 1;
      state.clips += info.clips;
      if (info.resumed) state.resumed += 1;
      if (isTTY) draw(state.finished === state.total);
      else line(`${(info.resumed ? 'kept' : 'done').padEnd(8)}${info.source} (${plural(info.clips, 'clip')})`);
    },
    onRecordingFailed(info) {
      active.delete(info.source);
      state.finished += 1;
      state.failed += 1;
      line(`FAILED  ${info.source} [${info.stage}] ${info.code}: ${info.message}`);
    },
    onRetry(info) {
      state.retries += 1;
      if (isTTY) draw();
      else line(`retry   ${info.request.method} ${info.request.url}: attempt ${info.attempt} failed (${describeFailure(info.error)}); again in ${formatDuration(info.delayMs)}`);
    },
    onWarning(info) {
      line(`warning ${info.source === undefined ? '' : `${info.source}: `}${info.message}`);
    },
  };
  return {
    events,
    finish: () => {
      stopTimer();
      clear();
    },
  };
}

/** What a stage is, in words. */
const STAGE_WORDS: Record<StageChange['stage'], string> = {
  scan: 'scanning', transcode: 'transcoding', split: 'splitting for the upload cap', upload: 'uploading',
  dictate: 'waiting for the service', markers: 'reading the markers', cut: 'cutting', output: 'writing',
};

/** `long.wav: uploading, chunk 2/5 dictated (10m00s audio, 12s elapsed)`. */
export function describeStage(change: StageChange, elapsedMs: number): string {
  const chunks = change.chunks !== undefined && (change.stage === 'upload' || change.stage === 'dictate' || change.stage === 'markers')
    ? `, ${change.chunks.done}/${change.chunks.total} chunks dictated` : '';
  const audio = change.audioMs === undefined ? '' : `${formatDuration(change.audioMs)} audio, `;
  return `${change.source}: ${STAGE_WORDS[change.stage]}${chunks} (${audio}${formatDuration(elapsedMs)} elapsed)`;
}

/** A retried failure in a few words: `HTTP 503 E_BUSY`, `E_TIMEOUT`. */
function describeFailure(error: DictclipError): string {
  const { status } = error.context;
  return status === undefined ? error.code : `HTTP ${status} ${error.code}`;
}
