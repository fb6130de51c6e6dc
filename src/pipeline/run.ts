import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { DictclipError, toDictclipError } from '../errors.js';
import { resolveFfmpeg } from '../audio/index.js';
import { DictationClient } from '../client/index.js';
import { resolveOptions } from '../config/resolve.js';
import { connect, missingCredentials } from './run/connect.js';
import type { Connection } from './run/connect.js';
import type { DictateContext } from './stages/dictation/dictate.js';
import { findSummary } from './run/find-summary.js';
import { RunTally } from './run/tally.js';
import { computeSummary, writeRunOutputs, writeSummary } from '../run-output/write.js';
import { staleExports } from '../run-output/exports-record.js';
import { confidenceSummary } from './stages/confidence.js';
import { dictatedElsewhere, planState, prepareJobs, redoReason } from './recording/resume-check.js';
import { processRecording, StageError } from './recording/process.js';
import type { RecordingContext } from './recording/process.js';
import { RecordingStore, removeRecordingOutputs } from './recording/store.js';
import { noRecordingsWarning, scanRecordings } from './run/scan.js';
import { checkRunFolders } from './run/folders.js';
import { baseUrlError } from './run/base-url.js';
import { openRunReferences } from './run/references.js';
import { acousticAligner, checkAcousticAligner } from './run/acoustic-aligner.js';
import {
  lostReferences,
  lostReferenceWarning,
  referenceSummary,
  UNUSED_REFERENCE,
  withoutReferenceFiles,
  withoutReferenceSummary,
} from './run/reference-summary.js';
import { runRecord, serviceIdentity } from './recording/state.js';
import { otherServiceError, readRunRecord, writeRunRecord } from '../run-output/run-record.js';
import { parseShard, selectShard } from '../shard/select.js';
import { removeStaleTemps } from './run/stale-temps.js';
import { cancelInFlight, interruptedError } from './run/interrupt.js';
import { MANIFEST_FILE } from '../run-output/layout.js';
import type { FailureRow } from '../run-output/rows.js';
import type { PipelineEvents, ResolvedRunOptions, RunOptions, RunResult } from './types.js';

const ALWAYS_FATAL = new Set(['E_AUTH', 'E_CREDENTIALS_MISSING', 'E_FFMPEG_NOT_FOUND', 'E_ENGINE']);

/**
 * Run the whole job: scan, resume check, transcode, dictate, plan and cut clips, then write
 * manifest.csv, failures.csv and summary.json. A recording's failure is isolated (reported and
 * written to failures.csv); fatal conditions (E_AUTH, E_CREDENTIALS_MISSING, E_FFMPEG_NOT_FOUND,
 * E_ENGINE, and E_NETWORK before any dictation succeeded; E_BASE_URL for a remote service that does
 * not answer or answers 404 before any dictation succeeded) stop the run with one DictclipError.
 * Options default from the key table (as the CLI's); the library reads no environment variable.
 * @throws DictclipError fatal conditions, `E_CONFIG` for a bad option, `E_CREDENTIALS_MISSING` for a
 * remote `baseUrl` without the `credentials` option (checked before any work, dry runs excepted),
 * `E_ABORTED` when `signal` aborts, `E_INPUT` for an unreadable input folder.
 */
export async function runPipeline(options: RunOptions, events: PipelineEvents = {}, signal?: AbortSignal): Promise<RunResult> {
  const started = performance.now();
  const opts = resolveOptions(options);
  const { outDir, workDir } = opts;
  if (opts.baseUrl !== undefined && opts.credentials === undefined && !opts.dryRun) throw missingCredentials(opts.baseUrl);
  const manifestPath = path.join(outDir, MANIFEST_FILE);
  throwIfAborted(signal);
  await checkRunFolders(opts.inputDir, outDir);
  const scan = await scanRecordings(opts.inputDir, { leaveOut: [outDir, workDir], include: opts.include, exclude: opts.exclude });
  const recordings = selectShard(scan.recordings, opts.shard === undefined ? undefined : parseShard(opts.shard));
  const serviceId = await serviceIdentity(opts);
  const before = await readRunRecord(outDir);
  const madeBy = before?.options.service;
  const recordedOther = madeBy !== undefined && madeBy !== serviceId ? madeBy : undefined;
  const refuseOther = (other: string | undefined): void => {
    if (other !== undefined && !opts.newService && !opts.dryRun) throw otherServiceError(outDir, other, serviceId);
  };
  refuseOther(recordedOther); // before hashing any source: run.json alone says so
  const align = opts.align ?? (opts.baseUrl === undefined ? 'acoustic' : 'text');
  const refs = await openRunReferences({
    outDir,
    given: opts.transcripts,
    remembered: before?.transcripts,
    reuse: opts.reuseTranscripts,
    relPaths: scan.recordings.map((r) => r.relPath),
  });
  const warnAbout = (source: string | undefined, message: string): void =>
    events.onWarning?.({ ...(source === undefined ? {} : { source }), message });
  for (const note of refs.notes) warnAbout(undefined, note);
  const { jobs, failures } = await prepareJobs(recordings, opts, serviceId, {
    refs,
    align,
    require: opts.requireTranscripts,
    warn: warnAbout,
  });
  for (const job of lostReferences(jobs)) warnAbout(job.recording.relPath, lostReferenceWarning(refs));
  // A run stopped before it wrote run.json still names its service in each recording's state.
  const otherService = recordedOther ?? dictatedElsewhere(jobs, serviceId);
  refuseOther(otherService);
  const skippedFiles = [
    ...withoutReferenceFiles(scan, refs),
    ...(refs.set?.unused ?? []).map((name) => ({ relPath: name, reason: UNUSED_REFERENCE })),
    ...(refs.set?.unreadable ?? []),
  ];
  throwIfAborted(signal);
  const wallTimeMs = (): number => Math.round(performance.now() - started);
  const alreadyDone = jobs.filter((job) => job.decision === 'done').length;
  const skipped = skippedFiles.length;
  // Counted only when patterns are given: recordings they leave out (any earlier output of theirs stays on disk).
  const excluded = (opts.include ?? []).length + (opts.exclude ?? []).length > 0 ? { excluded: scan.excluded.length } : {};
  if (scan.recordings.length === 0) events.onWarning?.({ message: noRecordingsWarning(opts.inputDir, skipped) });
  if (opts.dryRun) {
    const counts = {
      recordings: recordings.length, done: 0, failed: failures.length, resumed: alreadyDone, skipped, ...excluded,
      wallTimeMs: wallTimeMs(), stageMs: {}, inputDir: scan.folder,
    };
    const plan = jobs.map((job) => {
      const reason = job.decision === 'dictate' ? redoReason(job, serviceId, otherService) : undefined;
      return {
        source: job.recording.relPath,
        path: job.recording.path,
        state: planState(job),
        dictate: job.decision === 'dictate' && job.direct !== true,
        ...(reason === undefined ? {} : { reason }),
      };
    });
    const change = otherService === undefined ? {} : { serviceChange: { from: otherService, to: serviceId, allowed: opts.newService } };
    return { summary: computeSummary(counts, []), failures, manifestPath, plan, ...change };
  }
  await removeStaleTemps(outDir);
  events.onStart?.({ total: recordings.length, resumed: alreadyDone, skipped: skippedFiles, excluded: scan.excluded.length });
  for (const failure of failures) events.onRecordingFailed?.(failure);
  // Failed before processing (a reference missing or unreadable, the source gone): nothing of an earlier run stays as if current.
  for (const failure of failures) await removeRecordingOutputs(outDir, failure.source, true).catch(() => undefined);

  const pending = jobs.filter((job) => job.decision !== 'done');
  const ffmpegPath = pending.length > 0 ? await resolveFfmpeg(opts.ffmpegPath) : '';
  if (pending.length > 0) await makeWorkDir(workDir);
  // Acoustic alignment runs the local recognizer: say it is missing before anything is dictated.
  if (align === 'acoustic' && pending.some((job) => job.reference !== undefined)) await checkAcousticAligner();
  const needsService = pending.some((job) => job.decision === 'dictate' && job.direct !== true); // aligned directly: no service
  const connection = needsService ? await connect(opts, ffmpegPath) : undefined;
  const client = connection === undefined ? undefined : newClient(connection, opts, events);
  // Nothing in flight listens on the run's signal itself: each recording gets a signal that follows
  // it (below), each chunk one that follows the recording's, and only those are listened on.
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted === true) controller.abort();
  try {
    const tally = new RunTally();
    let dictatedOk = false;
    let fatal: DictclipError | undefined;
    const inFlight = new Set<string>(); // dictations created and not yet fetched (src/pipeline/stages/dictation/dictate.ts)
    const ctx: RecordingContext = {
      options: opts,
      outDir,
      workDir,
      ffmpegPath,
      signal: controller.signal,
      dictation: () => ({ ...dictateContext(connection, client, opts, controller.signal), inFlight }),
      limits: {
        transcode: pLimit(opts.transcodeConcurrency),
        upload: pLimit(opts.concurrency),
        dictation: pLimit(opts.concurrency),
        cut: pLimit(availableParallelism()),
      },
      warn: () => undefined,
      onDictated: () => {
        dictatedOk = true;
      },
      align: { mode: align, acoustic: align === 'acoustic' ? acousticAligner(workDir, pLimit(availableParallelism())) : undefined },
    };
    const perRecording = pLimit(opts.concurrency * 2 + opts.transcodeConcurrency);
    await Promise.all(jobs.map((job) => perRecording(async () => {
      if (controller.signal.aborted) return;
      const source = job.recording.relPath;
      const store = new RecordingStore(job, outDir);
      try {
        const result = await processRecording(job, store, {
          ...ctx,
          // A signal per recording: its requests and child processes listen on it, never the
          // run's (past 10 listeners on one signal Node prints MaxListenersExceededWarning).
          signal: AbortSignal.any([controller.signal]),
          warn: (message) => events.onWarning?.({ source, message }),
          onStageChange: (change) => events.onStageChange?.({ source, ...change }),
          onStageTiming: (stage, ms) => {
            tally.stageTotals.add(stage, ms);
            events.onStageTiming?.({ source, stage, ms });
          },
        });
        tally.add(source, result);
        events.onRecordingDone?.({ source, clips: result.rows.length, resumed: result.resumed });
      } catch (error) {
        const { stage, error: e } =
          error instanceof StageError ? error : { stage: 'output' as const, error: toDictclipError(error, 'E_OUTPUT') };
        if (controller.signal.aborted) return;
        const wrongUrl = baseUrlError(e, opts.baseUrl, dictatedOk);
        if (wrongUrl !== undefined || ALWAYS_FATAL.has(e.code) || (e.code === 'E_NETWORK' && !dictatedOk)) {
          fatal ??= wrongUrl ?? e;
          controller.abort();
          return;
        }
        const failure: FailureRow = { source, stage, code: e.code, message: e.message };
        failures.push(failure);
        events.onRecordingFailed?.(failure);
        await store.saveFailure(failure);
      }
    })));
    // Stopped (a fatal error or the caller's abort): what is still dictating at the service is canceled.
    const canceled = controller.signal.aborted ? await cancelInFlight(client, inFlight) : 0;
    if (fatal !== undefined) throw fatal;
    const interrupted = signal?.aborted === true;
    const counts = {
      recordings: recordings.length,
      done: tally.done,
      failed: failures.length,
      resumed: tally.resumed,
      skipped,
      ...excluded,
      wallTimeMs: wallTimeMs(),
      ...tally.stageMs(),
      inputDir: scan.folder,
    };
    const summary = {
      ...computeSummary(counts, tally.rows, tally.dropped, tally.paddingClamped),
      ...findSummary(opts.find, tally.found),
      ...referenceSummary(tally.agreements),
      ...withoutReferenceSummary(refs, jobs, failures),
      ...confidenceSummary(tally.confidence),
    };
    await writeRunOutputs(outDir, tally.rows, failures, summary, skippedFiles);
    // Exports made from an earlier manifest are stale now: summary.json says which (the CLI and the report show it).
    const stale = await staleExports(outDir, tally.done > 0 || failures.length > 0).catch(() => []);
    if (stale.length > 0) Object.assign(summary, { staleExports: stale });
    if (stale.length > 0) await writeSummary(outDir, { ...summary, failures });
    // Interrupted: the manifest and summary hold what finished; no run.json (it lists a whole run, for merge).
    if (interrupted)
      throw interruptedError({ finished: tally.done + tally.resumed + failures.length, total: recordings.length, canceled }, signal.reason);
    const referenceRecord = refs.set === undefined ? undefined : { sha256: refs.set.fingerprint, align, location: refs.location };
    await writeRunRecord(outDir, runRecord(opts, serviceId, recordings.map((r) => r.relPath), opts.shard ?? null, referenceRecord));
    return { summary, failures, manifestPath };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await client?.close().catch(() => undefined);
    await connection?.close().catch(() => undefined);
  }
}

function newClient(connection: Connection, opts: ResolvedRunOptions, events: PipelineEvents): DictationClient {
  return new DictationClient({
    baseUrl: connection.baseUrl,
    credentials: connection.credentials,
    factoryScope: opts.factoryScope,
    // Retries are told to the caller through the retry policy's hook (progress shows them).
    retry: { limit: opts.maxRetries, onRetry: (event) => events.onRetry?.(event) },
    requestTimeoutMs: opts.requestTimeoutMs,
    maxResponseBytes: opts.maxResponseBytes,
    connections: Math.max(8, opts.concurrency * 3), // per slot: a poll or two fetches at once; plus the uploads
  });
}

function dictateContext(
  connection: Connection | undefined,
  client: DictationClient | undefined,
  opts: ResolvedRunOptions,
  signal: AbortSignal,
): Omit<DictateContext, 'onStage'> {
  if (connection === undefined || client === undefined) {
    throw new DictclipError('E_INTERNAL', 'a recording needs dictating but no service is connected');
  }
  return {
    client, baseUrl: connection.baseUrl, credentials: connection.credentials, method: opts.markers,
    markerUnit: opts.markerUnit, profile: opts.profile, pollInitialMs: opts.pollInitialMs, pollMaxMs: opts.pollMaxMs,
    dictationTimeoutMs: opts.dictationTimeoutMs, maxResponseBytes: opts.maxResponseBytes, signal,
  };
}

async function makeWorkDir(workDir: string): Promise<void> {
  try {
    await mkdir(workDir, { recursive: true });
  } catch (error) {
    throw new DictclipError('E_OUTPUT', `cannot create the work folder ${workDir}`, { path: workDir, cause: error });
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new DictclipError('E_ABORTED', 'the run was aborted', { cause: signal.reason });
}
