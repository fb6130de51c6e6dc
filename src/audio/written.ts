/**
 * Whether ffmpeg really wrote the WAV it was asked for. ffmpeg can exit 0 though a write failed
 * (a full disk: some builds only log `Error writing trailer … No space left on device`), leaving a
 * short file whose header may still promise the whole length; taken as done, the recording would
 * be cut from a fraction of itself. So every WAV ffmpeg makes is checked before it is used: no
 * write error in ffmpeg's log, a header that states exactly the bytes on disk, and as many samples
 * as ffmpeg says it decoded (within REPORT_SLACK_MS of its report and one frame).
 */
import { DictclipError, isDictclipError } from '../errors.js';
import { readWavInfo, type WavInfo } from '../wav-header.js';

/**
 * How far ffmpeg's last `time=` may run ahead of (or behind) the samples written, ms. It is the
 * output's last timestamp, so a container's start offset and a codec's priming count in it: a WMA
 * source's copy held 58 ms less than its `time=`, a Matroska one 14 ms. A short write on a full disk
 * is caught by ffmpeg's log and the header's byte count first; this check is the last net.
 */
const REPORT_SLACK_MS = 100;

/** ffmpeg's words for a write that failed (its output is short, whatever the exit code says). */
const WRITE_FAILED = /No space left on device|Disk quota exceeded|File too large|Error writing trailer|Error closing file|av_interleaved_write_frame\(\)|Error muxing a packet/;

/** The line of ffmpeg's log that says a write failed, or undefined. */
function writeFailure(stderr: string): string | undefined {
  return stderr.split(/\r?\n/).find((line) => WRITE_FAILED.test(line))?.trim();
}

/** The length ffmpeg reports it decoded and wrote (the last `time=` of its stats), in ms; undefined when not reported. */
function reportedMs(stderr: string): number | undefined {
  const times = [...stderr.matchAll(/time=\s*(\d+):(\d\d):(\d\d(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (last === undefined) return undefined;
  return Math.round((Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3])) * 1000);
}

/** E_OUTPUT for `file`: ffmpeg did not write it whole. */
function shortWrite(file: string, why: string, cause?: unknown): DictclipError {
  return new DictclipError('E_OUTPUT', `ffmpeg did not write ${file} whole (a full disk?): ${why}`, { path: file, ...(cause === undefined ? {} : { cause }) });
}

/**
 * ffmpeg's failure (`E_FFMPEG`) as the short write of `file` it was (E_OUTPUT) when its log names a
 * failed write (a full disk makes ffmpeg exit 1 on some builds); undefined for any other error.
 */
export function asShortWrite(error: unknown, file: string): DictclipError | undefined {
  const failed = isDictclipError(error, 'E_FFMPEG') ? writeFailure(String(error.context.stderrTail)) : undefined;
  return failed === undefined ? undefined : shortWrite(file, failed, error);
}

/**
 * The header facts of a WAV ffmpeg just wrote at `file`, checked as the module comment says.
 * @param stderr ffmpeg's log (its stats kept: `-v error` reports no `time=`, and only the other checks apply).
 * @throws DictclipError E_OUTPUT naming the file and what is short.
 */
export async function checkWrittenWav(file: string, stderr: string): Promise<WavInfo> {
  const failed = writeFailure(stderr);
  if (failed !== undefined) throw shortWrite(file, failed);
  let info: WavInfo;
  try {
    info = await readWavInfo(file);
  } catch (error) {
    throw shortWrite(file, (error as Error).message, error);
  }
  if (!info.exact) throw shortWrite(file, `its header does not state the ${info.dataBytes} bytes of audio it holds`);
  const decodedMs = reportedMs(stderr);
  if (decodedMs !== undefined && Math.abs(info.durationMs - decodedMs) > REPORT_SLACK_MS + 1000 / info.sampleRate) {
    throw shortWrite(file, `it holds ${Math.round(info.durationMs)} ms of audio, ffmpeg decoded ${decodedMs} ms`);
  }
  return info;
}
