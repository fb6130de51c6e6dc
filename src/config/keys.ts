/**
 * The one table of configuration keys. Every option of a run except `inputDir`, `outDir` and
 * `credentials` is described here once: type, default, environment variable, flag, range,
 * description, what it affects and who acts on it. The loader, the JSON Schema, the help text, the
 * README reference table, the option types (src/config/options.ts; RunOptions with its docs
 * generated into src/config/run-options.ts) and the fingerprints (src/config/fingerprint.ts) all
 * come from it. A new key needs `affects` and `appliesTo` (think: `dictation` on an output-only
 * key makes a rerun pay the service again; `nothing` on a clip key reuses stale clips).
 */
import { availableParallelism } from 'node:os';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../upload-audio.js';
import { CHANNEL_MIX } from '../channel-choice.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../wire-limits.js';
import { WORK_DIR } from '../run-output/layout.js';
import { internalDir } from '../run-output/naming.js';
import { LINE_BREAK_MODES, SHORT_LINE_CHARS, SUBTITLE_FORMATS, SUBTITLE_LEVELS } from '../timed/index.js';

export type KeyType =
  /** `channel`: mix, left, right or a channel number (src/audio/channel.ts), stored in its canonical spelling. */
  | { kind: 'string'; format?: 'url' | 'regex' | 'filename' | 'shard' | 'channel' }
  /** Repeatable: several values (a repeated flag, a JSON array in the file or the environment). */
  | { kind: 'list'; format?: 'glob' }
  | { kind: 'int'; min: number; max?: number }
  /** A decimal number in [min, max] (e.g. a probability). */
  | { kind: 'number'; min: number; max: number }
  | { kind: 'bool' }
  | { kind: 'enum'; values: readonly string[] }
  /** Some of `values`: comma-separated (or `all`) in a flag or the environment, an array of names in the file. */
  | { kind: 'set'; values: readonly string[] }
  /** `command`: a bare name without a separator is looked up on PATH, not resolved. */
  | { kind: 'path'; command?: boolean };

export interface KeySpec<Key extends string = ConfigKey> {
  key: Key;
  type: KeyType;
  /** Default value; `undefined` when computed or unset (see {@link KeySpec.defaultText}). */
  default: string | number | boolean | undefined;
  /** How the default is documented when it is computed or unset. */
  defaultText?: string;
  /** Environment variables, first one wins. */
  env: readonly string[];
  /** Flag without the leading `--`. */
  flag: string;
  /** Placeholder of the flag's value in help (`<n>`, `<url>` …); none for booleans. */
  placeholder?: string;
  description: string;
  /** Section of `run --help` the flag is listed in. */
  group: KeyGroup;
  /** One-letter short flag (`-j`), if any. */
  short?: string;
  /** What the key changes in a run's output (see {@link Affects}); resume and merge follow it. */
  affects: Affects;
  /** Who acts on the key (see {@link AppliesTo}). */
  appliesTo: AppliesTo;
  /** How the key enters the fingerprint of what it affects (keys that affect the selection or nothing have none). */
  fingerprint?: FingerprintPlace;
  /** The default is computed when the options are resolved (never unset in resolved options). */
  computed?: true;
}

/**
 * What a key changes, so that a resumed run redoes exactly the work it invalidates:
 * - `dictation`: the service's answer (a change dictates every recording again; a paid service charges again);
 * - `clips`: what is cut from the saved markers (a change re-cuts, never dictates);
 * - `selection`: which recordings the run processes, never what is written for one (a change
 *   neither dictates nor re-cuts; recordings left out stay in an earlier output). When set (not
 *   unset, not its default) it enters run.json's option list and its run fingerprint, never a
 *   recording's, so `merge` refuses shards that chose differently. `shard` is not one: shards of a
 *   run choose differently by design, and run.json records its `K/N` apart;
 * - `nothing`: no recording's dictation or clips, nor the choice of recordings — speed, display,
 *   safety caps or run-level extras written anew each time.
 */
export type Affects = 'dictation' | 'clips' | 'selection' | 'nothing';

/** `library`: an option of runPipeline; `cli`: only `dictclip run` acts on it (not in RunOptions). */
export type AppliesTo = 'library' | 'cli';

/**
 * Where a key sits in the fingerprint of what it affects (src/config/fingerprint.ts). A key added
 * from now on needs none: it enters under its own name, after every earlier key, and only when not
 * at its default, so outputs made before it existed keep their fingerprints.
 */
export interface FingerprintPlace {
  /**
   * The layout generation the key joined its fingerprint in (earlier outputs were written with it):
   * 0 = the first keys, always written (an unset one as null); later ones only when not at their
   * default, in generation order.
   */
  since?: number;
  /** Written nested under this name with the other keys that name it (as earlier versions wrote them). */
  nestedIn?: 'filters' | 'extracts';
  /** Its value enters as the pipeline computes it: the service identity, or the reference transcripts' hash and alignment. */
  via?: 'service' | 'reference';
  /** A change to what the key does: `[name, n]` is written beside it when set, so outputs made before are redone. */
  revision?: readonly [name: string, value: number];
}

/** Sections of `run --help`, in order. */
export type KeyGroup = 'input' | 'service' | 'markers' | 'clips' | 'performance' | 'output';

/** Titles of the {@link KeyGroup}s, in help order. */
export const KEY_GROUPS: readonly { group: KeyGroup; title: string }[] = [
  { group: 'input', title: 'Input' },
  { group: 'service', title: 'Service' },
  { group: 'markers', title: 'Markers' },
  { group: 'clips', title: 'Clips' },
  { group: 'performance', title: 'Performance and tools' },
  { group: 'output', title: 'Output' },
];

/** The group of a row that names none. */
const DEFAULT_GROUP: KeyGroup = 'output';

/** `padBeforeMs` → `PAD_BEFORE_MS`. */
export function upperSnake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** `padBeforeMs` → `pad-before-ms`. */
export function kebab(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

type Row = Omit<KeySpec<string>, 'env' | 'flag' | 'group'> & { extraEnv?: readonly string[]; group?: KeyGroup };

const ms = (min: number, max: number) => ({ kind: 'int', min, max }) as const;

const ROWS = [
  { key: 'include', affects: 'selection', appliesTo: 'library', group: 'input', type: { kind: 'list', format: 'glob' }, default: undefined, defaultText: 'every recording', placeholder: '<glob>',
    description: 'Process only recordings whose path relative to the input folder, or a folder on that path, matches one of these glob patterns (a pattern without "/" matches a name at any depth, `**` any folders; case-sensitive; `!pattern` excludes). Repeat the flag or give a comma list (commas inside `{}` stay: `*.{wav,mp3}`). Recordings left out are counted, never deleted from an earlier output.' },
  { key: 'exclude', affects: 'selection', appliesTo: 'library', group: 'input', type: { kind: 'list', format: 'glob' }, default: undefined, defaultText: 'none', placeholder: '<glob>',
    description: 'Leave out recordings whose path relative to the input folder, or a folder on that path, matches one of these glob patterns (`drafts` leaves out every folder named drafts); wins over include. Repeat the flag or give a comma list.' },
  { key: 'channel', affects: 'dictation', appliesTo: 'library', group: 'input', type: { kind: 'string', format: 'channel' }, default: CHANNEL_MIX, placeholder: '<c>',
    description: 'Which channel of a recording with several becomes the mono work audio that is dictated and cut: mix (ffmpeg\'s downmix: stereo averages the two), left, right, or a channel number from 1 (left) to 64, kept sample for sample. A recording without that channel fails (E_CHANNEL in failures.csv; the run exits 2). Exports keep it with --channels 1.' },
  { key: 'baseUrl', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 0, via: 'service' }, group: 'service', type: { kind: 'string', format: 'url' }, default: undefined, defaultText: 'embedded service', placeholder: '<url>',
    description: 'Service base URL (http or https); unset starts the embedded service in-process.' },
  { key: 'factoryScope', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 0 }, group: 'service', type: { kind: 'string' }, default: 'nvoq', placeholder: '<segment>',
    description: 'Path segment before `factory` in the dictation creation URL.' },
  { key: 'profile', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 0 }, group: 'service', type: { kind: 'string' }, default: undefined, defaultText: 'not sent', placeholder: '<name>',
    description: 'Dictation profile name sent with each dictation.' },
  { key: 'markers', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 0 }, group: 'markers', type: { kind: 'enum', values: ['new', 'old', 'websocket'] }, default: 'new', placeholder: '<method>',
    description: 'How word markers are obtained: new (wordMarkers), old (statistics pairs) or websocket.' },
  { key: 'markerUnit', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 0 }, group: 'markers', type: { kind: 'enum', values: ['seconds', 'milliseconds', 'auto'] }, default: 'seconds', placeholder: '<unit>',
    description: 'Unit of new-method audioStart/audioLength.' },
  { key: 'transcripts', affects: 'clips', appliesTo: 'library', fingerprint: { since: 4, via: 'reference' }, group: 'markers', type: { kind: 'path' }, default: undefined, defaultText: 'none (clips carry what the recognizer heard)', placeholder: '<dir|file>',
    description: 'Reference transcripts: a folder with `<rel>.txt` or `<rel without extension>.txt` per recording `<rel>`, or one table file (CSV/TSV with path and text columns, LJSpeech metadata.csv, Kaldi text, LibriSpeech *.trans.txt). Clips then carry the reference\'s words; adding or changing it re-cuts without dictating again.' },
  { key: 'reuseTranscripts', affects: 'nothing', appliesTo: 'library', group: 'markers', type: { kind: 'bool' }, default: true,
    description: 'Without transcripts: use the reference transcripts the output folder\'s run.json names (those of the run before), so a re-run never loses them; --no-reuse-transcripts cuts the recordings without a correction from what the recognizer heard (with a warning naming each that had a reference).' },
  { key: 'requireTranscripts', affects: 'nothing', appliesTo: 'library', group: 'markers', type: { kind: 'bool' }, default: false,
    description: 'Every recording must have a reference transcript (or a correction from dictclip review): one without fails with E_REFERENCE_MISSING in failures.csv, naming the files looked for and the closest unused reference, and nothing is cut from it.' },
  { key: 'align', affects: 'clips', appliesTo: 'library', fingerprint: { since: 4, via: 'reference' }, group: 'markers', type: { kind: 'enum', values: ['text', 'acoustic'] }, default: undefined, defaultText: 'acoustic with the embedded service, text with baseUrl', placeholder: '<method>',
    description: 'With transcripts: how reference words get their times: text (from the recognized words\' markers) or acoustic (local PocketSphinx alignment of the reference words).' },
  { key: 'mode', affects: 'clips', appliesTo: 'library', fingerprint: { since: 0 }, group: 'markers', type: { kind: 'enum', values: ['word', 'phrase'] }, default: 'word', placeholder: '<mode>',
    description: 'One clip per word or per phrase.' },
  { key: 'padMs', affects: 'clips', appliesTo: 'cli', group: 'clips', type: ms(0, 10_000), default: undefined, defaultText: 'not set (padBeforeMs and padAfterMs apply)', placeholder: '<n>',
    description: 'Sets padBeforeMs and padAfterMs together (never with them in the same file, environment or command line).' },
  { key: 'padBeforeMs', affects: 'clips', appliesTo: 'library', fingerprint: { since: 0 }, group: 'clips', type: ms(0, 10_000), default: 0, placeholder: '<n>',
    description: 'Padding before each clip, ms (clamped at the midpoint to the neighbour and the audio unless padMode is overlap).' },
  { key: 'padAfterMs', affects: 'clips', appliesTo: 'library', fingerprint: { since: 0 }, group: 'clips', type: ms(0, 10_000), default: 0, placeholder: '<n>',
    description: 'Padding after each clip, ms.' },
  { key: 'padMode', affects: 'clips', appliesTo: 'library', fingerprint: { since: 2 }, group: 'clips', type: { kind: 'enum', values: ['clamp', 'overlap'] }, default: 'clamp', placeholder: '<mode>',
    description: 'clamp: padding stops at the midpoint to a neighbouring word (clips never share audio); overlap: padding runs into neighbouring words (whole words with a little context; neighbouring clips share audio).' },
  { key: 'fadeMs', affects: 'clips', appliesTo: 'library', fingerprint: { since: 0 }, group: 'clips', type: ms(0, 1_000), default: 0, placeholder: '<n>',
    description: 'Linear fade in/out applied to each clip, ms.' },
  { key: 'maxGapMs', affects: 'clips', appliesTo: 'library', fingerprint: { since: 0 }, group: 'markers', type: ms(0, 60_000), default: 700, placeholder: '<n>',
    description: 'Phrase mode: a pause this long closes a phrase, ms.' },
  { key: 'maxPhraseMs', affects: 'clips', appliesTo: 'library', fingerprint: { since: 0 }, group: 'markers', type: ms(100, 600_000), default: 15_000, placeholder: '<n>',
    description: 'Phrase mode: a phrase never grows past this length, ms.' },
  { key: 'concurrency', affects: 'nothing', appliesTo: 'library', group: 'performance', short: 'j', type: { kind: 'int', min: 1, max: 64 }, default: 4, placeholder: '<n>',
    description: 'Dictations in flight.' },
  { key: 'transcodeConcurrency', affects: 'nothing', appliesTo: 'library', group: 'performance', type: { kind: 'int', min: 1, max: 256 }, default: undefined, computed: true,
    defaultText: 'number of CPU cores', placeholder: '<n>', description: 'Transcodes in parallel.' },
  { key: 'keepPunctuation', affects: 'clips', appliesTo: 'library', fingerprint: { since: 0 }, group: 'markers', type: { kind: 'bool' }, default: false,
    description: 'Word mode: also cut punctuation markers.' },
  { key: 'match', affects: 'clips', appliesTo: 'library', fingerprint: { since: 0 }, group: 'clips', type: { kind: 'string', format: 'regex' }, default: undefined, defaultText: 'all clips', placeholder: '<regex>',
    description: 'Keep only clips whose text matches this regular expression (case-insensitive).' },
  { key: 'minDurationMs', affects: 'clips', appliesTo: 'library', fingerprint: { since: 1, nestedIn: 'filters' }, group: 'clips', type: ms(0, 600_000), default: undefined, defaultText: 'no limit', placeholder: '<n>',
    description: 'Keep only clips at least this long, ms (padding included); on run, others are not cut.' },
  { key: 'maxDurationMs', affects: 'clips', appliesTo: 'library', fingerprint: { since: 1, nestedIn: 'filters' }, group: 'clips', type: ms(0, 600_000), default: undefined, defaultText: 'no limit', placeholder: '<n>',
    description: 'Keep only clips at most this long, ms (padding included).' },
  { key: 'minCharsPerSecond', affects: 'clips', appliesTo: 'library', fingerprint: { since: 1, nestedIn: 'filters' }, group: 'clips', type: { kind: 'int', min: 0, max: 1000 }, default: undefined, defaultText: 'no limit', placeholder: '<n>',
    description: 'Keep only clips with at least this many letters and digits of text per second of audio.' },
  { key: 'maxCharsPerSecond', affects: 'clips', appliesTo: 'library', fingerprint: { since: 1, nestedIn: 'filters' }, group: 'clips', type: { kind: 'int', min: 0, max: 1000 }, default: undefined, defaultText: 'no limit', placeholder: '<n>',
    description: 'Keep only clips with at most this many letters and digits of text per second of audio.' },
  { key: 'find', affects: 'clips', appliesTo: 'library', fingerprint: { since: 3, nestedIn: 'extracts' }, group: 'clips', type: { kind: 'list' }, default: undefined, defaultText: 'none (every clip)', placeholder: '<words>',
    description: 'Cut only the occurrences of this phrase (consecutive words, case and punctuation ignored); repeat for several phrases.' },
  { key: 'contextWords', affects: 'clips', appliesTo: 'library', fingerprint: { since: 3, nestedIn: 'extracts' }, group: 'clips', type: { kind: 'int', min: 0, max: 100 }, default: 0, placeholder: '<n>',
    description: 'With find: widen each match by this many words on each side.' },
  { key: 'clipSource', affects: 'clips', appliesTo: 'library', fingerprint: { since: 3, nestedIn: 'extracts' }, group: 'clips', type: { kind: 'enum', values: ['work', 'original'] }, default: 'work', placeholder: '<source>',
    description: 'Cut clips from the 16 kHz mono work audio, or from the source decoded at its own rate and channels.' },
  { key: 'snapMs', affects: 'clips', appliesTo: 'library', fingerprint: { since: 3, nestedIn: 'extracts', revision: ['snapRule', 2] }, group: 'clips', type: ms(0, 1_000), default: 0, placeholder: '<n>',
    description: 'Move each clip edge to the quietest point within this many ms, ms: an edge facing a pause stays short of the neighbouring word; a boundary shared with a touching word moves for both clips, never past the middle of either word.' },
  { key: 'confidenceThreshold', affects: 'clips', appliesTo: 'library', group: 'clips', type: { kind: 'number', min: 0, max: 1 }, default: 0.76, placeholder: '<p>',
    description: 'Flag low-confidence every clip whose confidence (the calibrated probability that it holds its label with both edges within 50 ms; a phrase takes its lowest word) is below this.' },
  { key: 'supercut', affects: 'nothing', appliesTo: 'cli', group: 'clips', type: { kind: 'string', format: 'filename' }, default: undefined, defaultText: 'none', placeholder: '<name>',
    description: 'Also join every clip into <out>/<name>.wav with <name>.vtt subtitles and <name>.json; when every clip comes from a video source, also <out>/<name>.mp4 (see supercutAudioOnly).' },
  { key: 'supercutGapMs', affects: 'nothing', appliesTo: 'cli', group: 'clips', type: ms(0, 60_000), default: 500, placeholder: '<n>',
    description: 'Silence between clips in the supercut, ms (black picture and silence in a video supercut).' },
  { key: 'supercutAudioOnly', affects: 'nothing', appliesTo: 'cli', group: 'clips', type: { kind: 'bool' }, default: false,
    description: 'Write the supercut as audio only (<name>.wav) even when every clip comes from a video source; without it such a supercut is also written as video, <name>.mp4 (the clips cut from the sources, picture and sound; ffprobe decides what is video).' },
  { key: 'subtitles', affects: 'nothing', appliesTo: 'library', group: 'output', type: { kind: 'set', values: SUBTITLE_FORMATS }, default: undefined, defaultText: 'none', placeholder: '<f>[,<f>…]|all',
    description: 'Also write per recording, beside transcripts/<source>.txt, these timed transcripts: vtt (WebVTT), srt (SubRip), textgrid (Praat TextGrid with a words and a phrases tier); comma-separated, or all. Asking for them on a finished output writes them without dictating or cutting again.' },
  { key: 'subtitleLevel', affects: 'nothing', appliesTo: 'library', group: 'output', type: { kind: 'enum', values: SUBTITLE_LEVELS }, default: 'phrase', placeholder: '<level>',
    description: 'Cues of the vtt and srt subtitles: one per word; one per phrase (phrases close at a sentence end, a pause of maxGapMs or past maxPhraseMs); or highlight: per phrase one cue per word, the whole phrase with that word underlined (<u>…</u>), the phrase plain in the pauses between words.' },
  { key: 'subtitleMaxLineWidth', affects: 'nothing', appliesTo: 'library', group: 'output', type: { kind: 'int', min: 1, max: 1000 }, default: undefined, defaultText: 'no wrapping', placeholder: '<n>',
    description: 'Wrap the text of vtt and srt cues into lines of at most this many characters, breaking between words (a longer word gets a line of its own).' },
  { key: 'subtitleMaxLines', affects: 'nothing', appliesTo: 'library', group: 'output', type: { kind: 'int', min: 1, max: 100 }, default: undefined, defaultText: 'no limit', placeholder: '<n>',
    description: 'With subtitleMaxLineWidth: a cue needing more lines than this is split into several cues at word boundaries, each timed by its own words.' },
  { key: 'subtitleLineBreaks', affects: 'nothing', appliesTo: 'library', group: 'output', type: { kind: 'enum', values: LINE_BREAK_MODES }, default: 'auto', placeholder: '<mode>',
    description: `Phrase cues of the vtt and srt subtitles and the line breaks of the text: keep (a cue never runs across one: each line of a poem or script is a cue), ignore, or auto: keep them for a reference transcript whose lines are short (median at most ${SHORT_LINE_CHARS} characters).` },
  { key: 'dryRun', affects: 'nothing', appliesTo: 'library', group: 'output', short: 'n', type: { kind: 'bool' }, default: false,
    description: 'Scan and plan only; dictate, cut and write nothing.' },
  { key: 'newService', affects: 'nothing', appliesTo: 'library', group: 'service', type: { kind: 'bool' }, default: false,
    description: 'Dictate again, with this service, an output folder made by another one (run.json names it), replacing its results; without it such a run stops (exit 2) before any work.' },
  { key: 'maxUploadBytes', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 0 }, group: 'service', type: { kind: 'int', min: 65_536 }, default: DEFAULT_MAX_UPLOAD_BYTES, placeholder: '<n>',
    description: 'Upload cap in bytes; longer transcoded recordings are split at quiet points.' },
  { key: 'uploadFormat', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 1 }, group: 'service', type: { kind: 'enum', values: ['pcm', 'ogg', 'webm', 'mp4'] }, default: 'pcm', placeholder: '<format>',
    description: 'Upload encoding: pcm (16 kHz WAV, no encode), or ogg (Vorbis), webm (Opus), mp4 (AAC), each about 1/8 of PCM and one encode per chunk.' },
  { key: 'ffmpegPath', affects: 'nothing', appliesTo: 'library', group: 'performance', type: { kind: 'path', command: true }, default: undefined, extraEnv: ['FFMPEG_PATH'],
    defaultText: 'ffmpeg-static, then `ffmpeg` on PATH', placeholder: '<file>',
    description: 'Explicit ffmpeg binary (a bare name is looked up on PATH).' },
  { key: 'maxRetries', affects: 'nothing', appliesTo: 'library', group: 'service', type: { kind: 'int', min: 0, max: 20 }, default: 6, placeholder: '<n>',
    description: 'Client retries of a transient failure.' },
  { key: 'requestTimeoutMs', affects: 'nothing', appliesTo: 'library', group: 'service', type: ms(1_000, 3_600_000), default: 60_000, placeholder: '<n>',
    description: 'Timeout of one HTTP request, ms: no headers or no body byte for this long, or no complete answer within it (an upload gets its size at 128 KiB/s on top).' },
  { key: 'maxResponseBytes', affects: 'nothing', appliesTo: 'library', group: 'service', type: { kind: 'int', min: 65_536 }, default: DEFAULT_MAX_RESPONSE_BYTES, placeholder: '<n>',
    description: 'Cap of one service answer in bytes (as received and decompressed; also one WebSocket message and what a session keeps); past it that recording fails with E_RESPONSE_TOO_LARGE.' },
  { key: 'pollInitialMs', affects: 'nothing', appliesTo: 'library', group: 'service', type: ms(50, 60_000), default: 1_000, placeholder: '<n>',
    description: 'First poll interval, ms.' },
  { key: 'pollMaxMs', affects: 'nothing', appliesTo: 'library', group: 'service', type: ms(50, 600_000), default: 5_000, placeholder: '<n>',
    description: 'Poll interval cap, ms (not below pollInitialMs).' },
  { key: 'dictationTimeoutMs', affects: 'nothing', appliesTo: 'library', group: 'service', type: ms(1_000, 86_400_000), default: undefined, defaultText: '120 s + 3 × the audio duration', placeholder: '<n>',
    description: 'Give up on one dictation (waiting for done, or a WebSocket dictation) after this long, ms.' },
  { key: 'engine', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 0, via: 'service' }, group: 'service', type: { kind: 'enum', values: ['pocketsphinx', 'scripted'] }, default: 'pocketsphinx', placeholder: '<name>',
    description: 'Engine of the embedded service when no baseUrl is set.' },
  { key: 'scriptFile', affects: 'dictation', appliesTo: 'library', fingerprint: { since: 0, via: 'service' }, group: 'service', type: { kind: 'path' }, default: undefined, defaultText: 'none', placeholder: '<file>',
    description: 'Scripted engine script file (embedded service only).' },
  { key: 'faults', affects: 'nothing', appliesTo: 'library', group: 'service', type: { kind: 'string' }, default: undefined, defaultText: 'none', placeholder: '<spec>',
    description: 'Fault injection for reliability drills (embedded service only; see Reliability).' },
  { key: 'workDir', affects: 'nothing', appliesTo: 'library', group: 'performance', type: { kind: 'path' }, default: undefined, computed: true, defaultText: '`<outDir>/.dictclip/work`', placeholder: '<dir>',
    description: 'Work folder for transcoded audio.' },
  { key: 'quiet', affects: 'nothing', appliesTo: 'cli', group: 'output', short: 'q', type: { kind: 'bool' }, default: false,
    description: 'No progress output; only errors are printed.' },
  { key: 'report', affects: 'nothing', appliesTo: 'cli', group: 'output', type: { kind: 'bool' }, default: true,
    description: 'Write the HTML QA report `<outDir>/report/index.html` at the end of the run (`--no-report` skips it).' },
  { key: 'shard', affects: 'nothing', appliesTo: 'library', group: 'performance', type: { kind: 'string', format: 'shard' }, default: undefined, defaultText: 'all recordings', placeholder: '<K/N>',
    description: 'Process only shard K (0-based) of N: the recordings whose first 8 bytes of sha256(path relative to the input folder), mod N, equal K. `auto/N` takes K from JOB_COMPLETION_INDEX (Kubernetes), SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN (Slurm) or AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch).' },
] as const satisfies readonly Row[];

type AnyRow = (typeof ROWS)[number];

/**
 * Keys settable from the config file, the environment or flags (`padMs` sets both paddings).
 * `credentials` is not a key: secrets never come from the config file (the CLI reads them from the environment).
 */
export type ConfigKey = AnyRow['key'];
/** Keys of runPipeline's options. */
export type LibraryKey = Extract<AnyRow, { appliesTo: 'library' }>['key'];
/** Keys only `dictclip run` acts on (`padMs` only sets `padBeforeMs` and `padAfterMs`). */
export type CliKey = Extract<AnyRow, { appliesTo: 'cli' }>['key'];
/** Keys that change what `what` (see {@link Affects}). */
export type KeyAffecting<What extends Affects> = Extract<AnyRow, { affects: What }>['key'];

/** The TypeScript type of a value of a {@link KeyType}. */
export type ValueOfType<T extends KeyType> =
  T extends { kind: 'enum'; values: readonly (infer V)[] } ? V
    : T extends { kind: 'int' } ? number
      : T extends { kind: 'number' } ? number
      : T extends { kind: 'bool' } ? boolean
        : T extends { kind: 'list' } ? readonly string[]
          : T extends { kind: 'set'; values: readonly (infer V)[] } ? readonly (V | 'all')[]
          : string;

type RowOf<K extends ConfigKey> = Extract<AnyRow, { key: K }>;

/** The type of key `K`'s resolved value: `undefined` included when its default is unset (and not computed). */
export type OptionValue<K extends ConfigKey> =
  | ValueOfType<RowOf<K>['type']>
  | (RowOf<K> extends { computed: true } ? never : RowOf<K>['default'] extends undefined ? undefined : never);

/** Resolved values of the keys `K`. */
export type KeyValues<K extends ConfigKey> = { readonly [P in K]: OptionValue<P> };

/** Every configuration key, in documentation order. */
export const KEYS: readonly KeySpec[] = (ROWS as readonly Row[]).map(({ extraEnv, ...row }) => ({
  ...row,
  key: row.key as ConfigKey,
  group: row.group ?? DEFAULT_GROUP,
  env: [`DICTCLIP_${upperSnake(row.key)}`, ...(extraEnv ?? [])],
  flag: kebab(row.key),
}));

const BY_KEY = new Map(KEYS.map((spec) => [spec.key, spec]));

/** The spec of one key (throws on a typo in library code). */
export function keySpec(key: ConfigKey): KeySpec {
  const spec = BY_KEY.get(key);
  if (spec === undefined) throw new TypeError(`unknown config key ${key}`);
  return spec;
}

/** True for a known key name. */
export function isConfigKey(name: string): name is ConfigKey {
  return BY_KEY.has(name as ConfigKey);
}

/** Default values of every key, computed ones included (`workDir` from the output folder). */
export function defaultValues(outDir: string): KeyValues<Exclude<ConfigKey, 'padMs'>> {
  const values: Record<string, unknown> = {};
  for (const spec of KEYS) if (spec.key !== 'padMs') values[spec.key] = spec.default;
  values['transcodeConcurrency'] = availableParallelism();
  values['workDir'] = internalDir(outDir, WORK_DIR);
  return values as KeyValues<Exclude<ConfigKey, 'padMs'>>;
}
