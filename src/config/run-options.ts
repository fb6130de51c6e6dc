// Generated from src/config/keys.ts by `node scripts/gen-config.mjs` (src/config/docs-source.ts): do not edit.
import type { Credentials } from '../credentials.js';

/**
 * Options of runPipeline, as a library user passes them: only `inputDir` and `outDir` are
 * required; every other field defaults from the key table (src/config/keys.ts, the same defaults
 * as the CLI's). The library reads no environment variable: credentials, fault drills and the
 * ffmpeg binary are options here (the CLI maps DICTCLIP_* and FFMPEG_PATH into them). Values are
 * validated against the key table (`E_CONFIG` naming the option). The CLI-only keys (`quiet`,
 * `report`, `supercut`, `supercutGapMs`, `supercutAudioOnly`, `padMs`) are not options of
 * runPipeline.
 */
export interface RunOptions {
  /** Folder of recordings, scanned recursively. */
  readonly inputDir: string;
  /** Output folder (clips, manifest.csv, transcripts/, markers/, failures.csv, summary.json). */
  readonly outDir: string;
  /**
   * Credentials for a remote service (`baseUrl`). Required with `baseUrl` (`E_CREDENTIALS_MISSING`
   * without them, whatever the environment holds); ignored by the embedded service, which makes
   * its own account.
   * @default undefined
   */
  readonly credentials?: Credentials | undefined;
  /**
   * Process only recordings whose path relative to the input folder, or a folder on that path, matches one of these glob patterns (a
   * pattern without "/" matches a name at any depth, `**` any folders; case-sensitive; `!pattern` excludes). Repeat the flag or give a
   * comma list (commas inside `{}` stay: `*.{wav,mp3}`). Recordings left out are counted, never deleted from an earlier output. Changing it
   * redoes nothing; run.json records it when set, and merge refuses shards made with other values.
   * @default every recording
   */
  readonly include?: readonly string[] | undefined;
  /**
   * Leave out recordings whose path relative to the input folder, or a folder on that path, matches one of these glob patterns (`drafts`
   * leaves out every folder named drafts); wins over include. Repeat the flag or give a comma list. Changing it redoes nothing; run.json
   * records it when set, and merge refuses shards made with other values.
   * @default none
   */
  readonly exclude?: readonly string[] | undefined;
  /**
   * Which channel of a recording with several becomes the mono work audio that is dictated and cut: mix (ffmpeg's downmix: stereo averages
   * the two), left, right, or a channel number from 1 (left) to 64, kept sample for sample. A recording without that channel fails
   * (E_CHANNEL in failures.csv; the run exits 2). Exports keep it with --channels 1. Changing it dictates again.
   * @default 'mix'
   */
  readonly channel?: string;
  /**
   * Service base URL (http or https); unset starts the embedded service in-process. Changing it dictates again.
   * @default embedded service
   */
  readonly baseUrl?: string | undefined;
  /**
   * Path segment before `factory` in the dictation creation URL. Changing it dictates again.
   * @default 'nvoq'
   */
  readonly factoryScope?: string;
  /**
   * Dictation profile name sent with each dictation. Changing it dictates again.
   * @default not sent
   */
  readonly profile?: string | undefined;
  /**
   * How word markers are obtained: new (wordMarkers), old (statistics pairs) or websocket. Changing it dictates again.
   * @default 'new'
   */
  readonly markers?: 'new' | 'old' | 'websocket';
  /**
   * Unit of new-method audioStart/audioLength. Changing it dictates again.
   * @default 'seconds'
   */
  readonly markerUnit?: 'seconds' | 'milliseconds' | 'auto';
  /**
   * Reference transcripts: a folder with `<rel>.txt` or `<rel without extension>.txt` per recording `<rel>`, or one table file (CSV/TSV
   * with path and text columns, LJSpeech metadata.csv, Kaldi text, LibriSpeech *.trans.txt). Clips then carry the reference's words; adding
   * or changing it re-cuts without dictating again. Changing it re-cuts from the saved markers.
   * @default none (clips carry what the recognizer heard)
   */
  readonly transcripts?: string | undefined;
  /**
   * Without transcripts: use the reference transcripts the output folder's run.json names (those of the run before), so a re-run never
   * loses them; --no-reuse-transcripts cuts the recordings without a correction from what the recognizer heard (with a warning naming each
   * that had a reference).
   * @default true
   */
  readonly reuseTranscripts?: boolean;
  /**
   * Every recording must have a reference transcript (or a correction from dictclip review): one without fails with E_REFERENCE_MISSING in
   * failures.csv, naming the files looked for and the closest unused reference, and nothing is cut from it.
   * @default false
   */
  readonly requireTranscripts?: boolean;
  /**
   * With transcripts: how reference words get their times: text (from the recognized words' markers) or acoustic (local PocketSphinx
   * alignment of the reference words). Changing it re-cuts from the saved markers.
   * @default acoustic with the embedded service, text with baseUrl
   */
  readonly align?: 'text' | 'acoustic' | undefined;
  /**
   * One clip per word or per phrase. Changing it re-cuts from the saved markers.
   * @default 'word'
   */
  readonly mode?: 'word' | 'phrase';
  /**
   * Padding before each clip, ms (clamped at the midpoint to the neighbour and the audio unless padMode is overlap). Changing it re-cuts
   * from the saved markers.
   * @default 0
   */
  readonly padBeforeMs?: number;
  /**
   * Padding after each clip, ms. Changing it re-cuts from the saved markers.
   * @default 0
   */
  readonly padAfterMs?: number;
  /**
   * clamp: padding stops at the midpoint to a neighbouring word (clips never share audio); overlap: padding runs into neighbouring words
   * (whole words with a little context; neighbouring clips share audio). Changing it re-cuts from the saved markers.
   * @default 'clamp'
   */
  readonly padMode?: 'clamp' | 'overlap';
  /**
   * Linear fade in/out applied to each clip, ms. Changing it re-cuts from the saved markers.
   * @default 0
   */
  readonly fadeMs?: number;
  /**
   * Phrase mode: a pause this long closes a phrase, ms. Changing it re-cuts from the saved markers.
   * @default 700
   */
  readonly maxGapMs?: number;
  /**
   * Phrase mode: a phrase never grows past this length, ms. Changing it re-cuts from the saved markers.
   * @default 15000
   */
  readonly maxPhraseMs?: number;
  /**
   * Dictations in flight.
   * @default 4
   */
  readonly concurrency?: number;
  /**
   * Transcodes in parallel.
   * @default number of CPU cores
   */
  readonly transcodeConcurrency?: number;
  /**
   * Word mode: also cut punctuation markers. Changing it re-cuts from the saved markers.
   * @default false
   */
  readonly keepPunctuation?: boolean;
  /**
   * Keep only clips whose text matches this regular expression (case-insensitive). Changing it re-cuts from the saved markers.
   * @default all clips
   */
  readonly match?: string | undefined;
  /**
   * Keep only clips at least this long, ms (padding included); on run, others are not cut. Changing it re-cuts from the saved markers.
   * @default no limit
   */
  readonly minDurationMs?: number | undefined;
  /**
   * Keep only clips at most this long, ms (padding included). Changing it re-cuts from the saved markers.
   * @default no limit
   */
  readonly maxDurationMs?: number | undefined;
  /**
   * Keep only clips with at least this many letters and digits of text per second of audio. Changing it re-cuts from the saved markers.
   * @default no limit
   */
  readonly minCharsPerSecond?: number | undefined;
  /**
   * Keep only clips with at most this many letters and digits of text per second of audio. Changing it re-cuts from the saved markers.
   * @default no limit
   */
  readonly maxCharsPerSecond?: number | undefined;
  /**
   * Cut only the occurrences of this phrase (consecutive words, case and punctuation ignored); repeat for several phrases. Changing it
   * re-cuts from the saved markers.
   * @default none (every clip)
   */
  readonly find?: readonly string[] | undefined;
  /**
   * With find: widen each match by this many words on each side. Changing it re-cuts from the saved markers.
   * @default 0
   */
  readonly contextWords?: number;
  /**
   * Cut clips from the 16 kHz mono work audio, or from the source decoded at its own rate and channels. Changing it re-cuts from the saved
   * markers.
   * @default 'work'
   */
  readonly clipSource?: 'work' | 'original';
  /**
   * Move each clip edge to the quietest point within this many ms, ms: an edge facing a pause stays short of the neighbouring word; a
   * boundary shared with a touching word moves for both clips, never past the middle of either word. Changing it re-cuts from the saved
   * markers.
   * @default 0
   */
  readonly snapMs?: number;
  /**
   * Flag low-confidence every clip whose confidence (the calibrated probability that it holds its label with both edges within 50 ms; a
   * phrase takes its lowest word) is below this. Changing it re-cuts from the saved markers.
   * @default 0.76
   */
  readonly confidenceThreshold?: number;
  /**
   * Also write per recording, beside transcripts/<source>.txt, these timed transcripts: vtt (WebVTT), srt (SubRip), textgrid (Praat
   * TextGrid with a words and a phrases tier); comma-separated, or all. Asking for them on a finished output writes them without dictating
   * or cutting again.
   * @default none
   */
  readonly subtitles?: readonly ('vtt' | 'srt' | 'textgrid' | 'all')[] | undefined;
  /**
   * Cues of the vtt and srt subtitles: one per word; one per phrase (phrases close at a sentence end, a pause of maxGapMs or past
   * maxPhraseMs); or highlight: per phrase one cue per word, the whole phrase with that word underlined (<u>…</u>), the phrase plain in the
   * pauses between words.
   * @default 'phrase'
   */
  readonly subtitleLevel?: 'word' | 'phrase' | 'highlight';
  /**
   * Wrap the text of vtt and srt cues into lines of at most this many characters, breaking between words (a longer word gets a line of its
   * own).
   * @default no wrapping
   */
  readonly subtitleMaxLineWidth?: number | undefined;
  /**
   * With subtitleMaxLineWidth: a cue needing more lines than this is split into several cues at word boundaries, each timed by its own
   * words.
   * @default no limit
   */
  readonly subtitleMaxLines?: number | undefined;
  /**
   * Phrase cues of the vtt and srt subtitles and the line breaks of the text: keep (a cue never runs across one: each line of a poem or
   * script is a cue), ignore, or auto: keep them for a reference transcript whose lines are short (median at most 60 characters).
   * @default 'auto'
   */
  readonly subtitleLineBreaks?: 'auto' | 'keep' | 'ignore';
  /**
   * Scan and plan only; dictate, cut and write nothing.
   * @default false
   */
  readonly dryRun?: boolean;
  /**
   * Dictate again, with this service, an output folder made by another one (run.json names it), replacing its results; without it such a
   * run stops (exit 2) before any work.
   * @default false
   */
  readonly newService?: boolean;
  /**
   * Upload cap in bytes; longer transcoded recordings are split at quiet points. Changing it dictates again.
   * @default 21000000
   */
  readonly maxUploadBytes?: number;
  /**
   * Upload encoding: pcm (16 kHz WAV, no encode), or ogg (Vorbis), webm (Opus), mp4 (AAC), each about 1/8 of PCM and one encode per chunk.
   * Changing it dictates again.
   * @default 'pcm'
   */
  readonly uploadFormat?: 'pcm' | 'ogg' | 'webm' | 'mp4';
  /**
   * Explicit ffmpeg binary (a bare name is looked up on PATH).
   * @default ffmpeg-static, then `ffmpeg` on PATH
   */
  readonly ffmpegPath?: string | undefined;
  /**
   * Client retries of a transient failure.
   * @default 6
   */
  readonly maxRetries?: number;
  /**
   * Timeout of one HTTP request, ms: no headers or no body byte for this long, or no complete answer within it (an upload gets its size at
   * 128 KiB/s on top).
   * @default 60000
   */
  readonly requestTimeoutMs?: number;
  /**
   * Cap of one service answer in bytes (as received and decompressed; also one WebSocket message and what a session keeps); past it that
   * recording fails with E_RESPONSE_TOO_LARGE.
   * @default 67108864
   */
  readonly maxResponseBytes?: number;
  /**
   * First poll interval, ms.
   * @default 1000
   */
  readonly pollInitialMs?: number;
  /**
   * Poll interval cap, ms (not below pollInitialMs).
   * @default 5000
   */
  readonly pollMaxMs?: number;
  /**
   * Give up on one dictation (waiting for done, or a WebSocket dictation) after this long, ms.
   * @default 120 s + 3 × the audio duration
   */
  readonly dictationTimeoutMs?: number | undefined;
  /**
   * Engine of the embedded service when no baseUrl is set. Changing it dictates again.
   * @default 'pocketsphinx'
   */
  readonly engine?: 'pocketsphinx' | 'scripted';
  /**
   * Scripted engine script file (embedded service only). Changing it dictates again.
   * @default none
   */
  readonly scriptFile?: string | undefined;
  /**
   * Fault injection for reliability drills (embedded service only; see Reliability).
   * @default none
   */
  readonly faults?: string | undefined;
  /**
   * Work folder for transcoded audio.
   * @default `<outDir>/.dictclip/work`
   */
  readonly workDir?: string;
  /**
   * Process only shard K (0-based) of N: the recordings whose first 8 bytes of sha256(path relative to the input folder), mod N, equal K.
   * `auto/N` takes K from JOB_COMPLETION_INDEX (Kubernetes), SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN (Slurm) or
   * AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch).
   * @default all recordings
   */
  readonly shard?: string | undefined;
}
