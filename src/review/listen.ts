/**
 * Playable copies of sources a browser cannot play (AIFF, AMR, WMA, a video container …): each is
 * transcoded once, on its first request, to the work format (16 kHz mono 16-bit WAV: what the
 * recognizer heard and the clips were cut from, the run's `channel` kept as run.json records it) at `<out>/.dictclip/listen/<key>.wav`, and
 * made
 * again when the source's modification time is no longer the copy's. One transcode per source at a time; closing the
 * review stops those still running.
 */
import { mkdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { channelNumber, resolveFfmpeg, transcodeToWav } from '../audio/index.js';
import { recordedChannel } from '../run-output/run-record.js';
import { listenPath } from './paths.js';

export class ListenCopies {
  readonly #runDir: string;
  readonly #ffmpegPath: string | undefined;
  readonly #pending = new Map<string, Promise<string>>();
  readonly #closing = new AbortController();
  /** The channel the run kept (run.json), read on the first copy; undefined: the mix. */
  #channel: Promise<string | undefined> | undefined;

  /** @param ffmpegPath The ffmpeg binary; `undefined`: found as for runs (ffmpeg-static, then PATH). */
  constructor(runDir: string, ffmpegPath: string | undefined) {
    this.#runDir = runDir;
    this.#ffmpegPath = ffmpegPath;
  }

  /**
   * The path of the playable copy of `source` (at `sourcePath`), made if missing or older than the source.
   * @throws DictclipError E_INPUT (the source is gone), E_FFMPEG (ffmpeg cannot decode it),
   *   E_FFMPEG_NOT_FOUND, E_ABORTED (the review closed).
   */
  copyOf(source: string, sourcePath: string): Promise<string> {
    let copy = this.#pending.get(source);
    if (copy === undefined) {
      copy = this.#make(source, sourcePath).finally(() => this.#pending.delete(source));
      this.#pending.set(source, copy);
    }
    return copy;
  }

  /** Stop the transcodes still running. */
  close(): void {
    this.#closing.abort(new Error('the review closed'));
  }

  async #make(source: string, sourcePath: string): Promise<string> {
    const channel = await (this.#channel ??= recordedChannel(this.#runDir));
    const file = listenPath(this.#runDir, source, channel);
    const [copy, original] = await Promise.all([stat(file).catch(() => undefined), stat(sourcePath).catch(() => undefined)]);
    if (copy !== undefined && original !== undefined && Math.round(copy.mtimeMs) === Math.round(original.mtimeMs)) return file;
    await mkdir(path.dirname(file), { recursive: true });
    const ffmpegPath = await resolveFfmpeg(this.#ffmpegPath);
    await transcodeToWav(sourcePath, file, { ffmpegPath, signal: this.#closing.signal, channel: channelNumber(channel) });
    // The copy carries its source's modification time: another time means the source changed.
    if (original !== undefined) await utimes(file, original.atimeMs / 1000, original.mtimeMs / 1000);
    return file;
  }
}
