/**
 * WAV header reading (RIFF chunk walk with positional reads) and the 44-byte PCM header that
 * every clip and chunk dictclip writes. Shared by the audio room, the embedded service and the
 * client (which streams a WAV's PCM data over the WebSocket).
 */
import { fstatSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import wavefile from 'wavefile';
import { DictclipError } from './errors.js';

/** What dictclip needs to know about a PCM WAV file. */
export interface WavInfo {
  /** Frames per second. */
  sampleRate: number;
  /** Interleaved channels. */
  channels: number;
  /** Bits per sample of one channel. */
  bitsPerSample: number;
  /** Byte offset of the first PCM byte in the file. */
  dataOffset: number;
  /** Usable PCM bytes (whole frames only). */
  dataBytes: number;
  /** Number of frames (a "sample" is one frame: one value per channel). */
  samples: number;
  /** `samples * 1000 / sampleRate`, not rounded (e.g. 1 sample at 16 kHz = 0.0625 ms). */
  durationMs: number;
  /**
   * True when the header states exactly what the file holds: the declared data size was used as
   * is (not corrected to the file) and nothing follows the data.
   */
  exact: boolean;
}

const PCM = 1;
const EXTENSIBLE = 0xfffe;
/** Bytes 4–15 of the KSDATAFORMAT_SUBTYPE GUIDs (xxxxxxxx-0000-0010-8000-00AA00389B71). */
const GUID_TAIL = '00001000800000aa00389b71';

function invalid(path: string, message: string): DictclipError {
  return new DictclipError('E_AUDIO_INVALID', `${message}: ${path}`, { path });
}

interface Format { sampleRate: number; channels: number; bitsPerSample: number; blockAlign: number }

function parseFmt(body: Buffer, path: string): Format {
  if (body.length < 16) throw invalid(path, `fmt chunk too short (${body.length} bytes)`);
  let tag = body.readUInt16LE(0);
  if (tag === EXTENSIBLE) {
    if (body.length < 40) throw invalid(path, 'WAVE_FORMAT_EXTENSIBLE fmt chunk too short');
    const guidTail = body.subarray(28, 40).toString('hex');
    tag = guidTail === GUID_TAIL ? body.readUInt32LE(24) : -1;
  }
  if (tag !== PCM) throw invalid(path, `not PCM audio (format tag 0x${body.readUInt16LE(0).toString(16)})`);
  const channels = body.readUInt16LE(2);
  const sampleRate = body.readUInt32LE(4);
  const bitsPerSample = body.readUInt16LE(14);
  const blockAlign = channels * Math.ceil(bitsPerSample / 8);
  if (channels === 0 || sampleRate === 0 || ![8, 16, 24, 32].includes(bitsPerSample)) {
    throw invalid(path, `unsupported PCM format (${channels} ch, ${sampleRate} Hz, ${bitsPerSample} bit)`);
  }
  return { sampleRate, channels, bitsPerSample, blockAlign };
}

/**
 * Open a WAV file for positional reads.
 * @throws DictclipError E_INPUT naming the file when it cannot be opened.
 */
export async function openWav(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'r');
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot open WAV file: ${path}`, { path, cause });
  }
}

/**
 * Read the format and data location of a PCM WAV file by walking its RIFF chunks with positional
 * reads (the file is never read whole). `fmt ` may be PCM or WAVE_FORMAT_EXTENSIBLE with a PCM
 * subformat; `LIST` and other chunks are skipped. A data size of 0, 0xFFFFFFFF (streamed) or one
 * larger than the file is replaced by the rest of the file, rounded down to whole frames.
 * @throws DictclipError E_AUDIO_INVALID (not RIFF/WAVE, truncated header, not PCM, no data),
 *   E_INPUT (the file cannot be opened or read).
 */
export async function readWavInfo(path: string): Promise<WavInfo> {
  const fh = await openWav(path);
  try {
    return await readOpenWavInfo(fh, path);
  } finally {
    await fh.close();
  }
}

/** Bytes read at once from the start of a WAV: its chunk headers are nearly always within them. */
const HEAD_BYTES = 4096;

/**
 * {@link readWavInfo} of a WAV already open (`path` names it in errors): its size and first
 * 4 KB are read at once, direct reads only for chunks beyond them.
 */
async function readOpenWavInfo(fh: FileHandle, path: string): Promise<WavInfo> {
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const [{ size }, { bytesRead }] = await Promise.all([fh.stat(), fh.read(head, 0, HEAD_BYTES, 0)]);
    return parseWav(fh.fd, path, size, head.subarray(0, bytesRead));
  } catch (error) {
    throw readFailure(error, path);
  }
}

/**
 * {@link readOpenWavInfo} with direct (synchronous) calls on the open file descriptor `fd`.
 * @throws DictclipError as readWavInfo.
 */
export function readWavInfoSync(fd: number, path: string): WavInfo {
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const bytesRead = readSync(fd, head, 0, HEAD_BYTES, 0);
    return parseWav(fd, path, fstatSync(fd).size, head.subarray(0, bytesRead));
  } catch (error) {
    throw readFailure(error, path);
  }
}

function readFailure(error: unknown, path: string): DictclipError {
  if (error instanceof DictclipError) return error;
  return new DictclipError('E_INPUT', `cannot read WAV file: ${path}`, { path, cause: error });
}

/** Walk the RIFF chunks of a WAV of `fileSize` bytes whose first bytes are `head` (read further from `fd`). */
function parseWav(fd: number, path: string, fileSize: number, head: Buffer): WavInfo {
  const at = (position: number, length: number): Buffer => {
    if (position + length <= head.length) return head.subarray(position, position + length);
    const buffer = Buffer.alloc(length);
    return buffer.subarray(0, readSync(fd, buffer, 0, length, position));
  };
  const riff = at(0, 12);
  if (riff.length < 12) throw invalid(path, `truncated WAV header (${fileSize} bytes)`);
  if (riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WAVE') {
    throw invalid(path, 'not a RIFF/WAVE file');
  }
  let format: Format | undefined;
  let pos = 12;
  for (;;) {
    const header = at(pos, 8);
    if (header.length < 8) {
      throw invalid(path, format === undefined ? 'truncated WAV header: no fmt chunk' : 'truncated WAV header: no data chunk');
    }
    const id = header.toString('latin1', 0, 4);
    const size = header.readUInt32LE(4);
    const bodyStart = pos + 8;
    if (id === 'data') {
      if (format === undefined) throw invalid(path, 'data chunk before fmt chunk');
      const remaining = fileSize - bodyStart;
      const declared = size === 0 || size === 0xffffffff || size > remaining ? remaining : size;
      const samples = Math.floor(declared / format.blockAlign);
      const { sampleRate, channels, bitsPerSample } = format;
      const dataBytes = samples * format.blockAlign;
      const exact = declared === size && dataBytes === size && bodyStart + size === fileSize;
      return {
        sampleRate,
        channels,
        bitsPerSample,
        dataOffset: bodyStart,
        dataBytes,
        samples,
        durationMs: (samples * 1000) / sampleRate,
        exact,
      };
    }
    if (id === 'fmt ') {
      const body = at(bodyStart, Math.min(size, 64));
      if (body.length < Math.min(size, 64)) throw invalid(path, 'truncated fmt chunk');
      format = parseFmt(body, path);
    }
    pos = bodyStart + size + (size & 1);
    if (pos > fileSize) throw invalid(path, `truncated WAV: chunk '${id.replace(/[^\x20-\x7e]/g, '?')}' runs past the end of the file`);
  }
}

/** Throw E_AUDIO_INVALID unless the file is 16-bit PCM (any rate, any number of channels). */
export function assertPcm16(info: WavInfo, path: string): void {
  if (info.bitsPerSample !== 16) throw invalid(path, `expected 16-bit PCM, got ${info.bitsPerSample} bit`);
}

/** Throw E_AUDIO_INVALID unless the file is 16-bit mono PCM (the transcoded work format). */
export function assertMono16(info: WavInfo, path: string): void {
  if (info.channels !== 1 || info.bitsPerSample !== 16) {
    throw invalid(path, `expected 16-bit mono PCM, got ${info.channels} ch ${info.bitsPerSample} bit`);
  }
}

const templates = new Map<string, Buffer>();

function template(sampleRate: number, channels: number): Buffer {
  const key = `${sampleRate}:${channels}`;
  let header = templates.get(key);
  if (header === undefined) {
    const wav = new wavefile.WaveFile();
    wav.fromScratch(channels, sampleRate, '16', []);
    header = Buffer.from(wav.toBuffer());
    if (header.length !== HEADER_BYTES || header.toString('latin1', 36, 40) !== 'data') {
      throw new DictclipError('E_OUTPUT', `unexpected WAV header template from wavefile (${header.length} bytes)`);
    }
    templates.set(key, header);
  }
  return header;
}

/** Size of the header written by {@link writePcmHeader}. */
export const HEADER_BYTES = 44;

/**
 * Write the 44-byte header of a 16-bit PCM WAV at `sampleRate` with `channels` interleaved
 * channels and `dataBytes` of data into `target` at offset 0. The header is built once per rate
 * and channel count with wavefile; only the RIFF and data sizes are patched.
 */
export function writePcmHeader(target: Buffer, sampleRate: number, channels: number, dataBytes: number): void {
  template(sampleRate, channels).copy(target, 0);
  target.writeUInt32LE(36 + dataBytes, 4);
  target.writeUInt32LE(dataBytes, 40);
}

/** {@link writePcmHeader} of a mono WAV (the work format). */
export function writeMonoHeader(target: Buffer, sampleRate: number, dataBytes: number): void {
  writePcmHeader(target, sampleRate, 1, dataBytes);
}
