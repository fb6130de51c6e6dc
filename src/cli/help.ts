/** Help texts. The flags of `run` are generated from the key table (src/config/keys.ts). */
import { DEFAULT_MAX_UPLOAD_BYTES } from '../upload-audio.js';
import { DEFAULT_MAX_STORED_BYTES, MAX_DONE_HOLD_MS } from '../service/options.js';
import { EXPORT_HELP, RUN_EXPORT_HELP } from './commands/export.js';
import { MERGE_HELP } from './commands/merge.js';
import { REVIEW_HELP } from './commands/review.js';
import { extensionList } from '../pipeline/run/input-types.js';
import { wrap } from './wrap.js';
import { flagEntry, helpWidth, runOptionSections } from './run-help.js';

const EXIT_CODES = `Exit codes:
  0    success (run: every recording succeeded)
  1    run: some recordings failed, or a fatal error (auth, base URL, network,
       ffmpeg, engine, account)
  2    usage or configuration error (E_USAGE, E_CONFIG, E_CREDENTIALS_MISSING);
       run: a recording failed for an option that does not fit it (E_CHANNEL)
  130  interrupted (Ctrl-C)`;

export const MAIN_HELP = `dictclip — turn a folder of recordings into a speech dataset

Usage:
  dictclip run <input-dir> --out <out-dir> [options]   transcode, dictate and cut clips
  dictclip serve --data <dir> [options]                run the embedded dictation service
  dictclip account add|passwd|apikey <user> …          manage accounts of the embedded service
  dictclip export <run-out-dir> --format <format>      write a run's clips as a dataset (hf, nemo, …)
  dictclip report <out-dir>                            rebuild the HTML QA report of a run
  dictclip subtitles <run-out-dir> --format <f>        write a run's subtitles (vtt, srt, textgrid)
  dictclip review <run-out-dir> [--port 0] [--open]    listen to a run's words and correct them (local page)
  dictclip merge <shard-out>... --out <dir>            combine the outputs of a sharded run (--shard K/N)
  dictclip help <command>                              help of one command
  dictclip --version                                   print the version

Credentials for a remote service come from the environment only:
  DICTCLIP_USERNAME with DICTCLIP_PASSWORD (Basic) or DICTCLIP_API_KEY.
Without --base-url, \`run\` starts the embedded service in-process (no credentials needed).

${EXIT_CODES}

Examples:
  dictclip run ./recordings --out ./dataset
  DICTCLIP_USERNAME=alice DICTCLIP_API_KEY=… dictclip run ./rec --out ./ds --base-url https://dictation.example.com
  dictclip serve --data ./service-data --port 8080
`;

function flagLine(left: string, right: string): string {
  return left.length >= 30 ? `  ${left}\n  ${' '.repeat(30)}${right}` : `  ${left.padEnd(30)}${right}`;
}

/** Help of `dictclip run`: grouped options from the key table, wrapped to `width` columns. */
export function runHelp(width = 80): string {
  const w = helpWidth(width);
  const para = (text: string): string => wrap(text, w).join('\n');
  return `Usage: dictclip run <input-dir> -o <out-dir> [options]

${para('Scans <input-dir> recursively (or takes one recording file instead: `dictclip run talk.mp3 -o out`, its source its file name), transcodes each recording to 16 kHz mono WAV, dictates it and cuts one WAV clip per word (or phrase) into <out-dir>, with manifest.csv, failures.csv, skipped.csv and summary.json. Finished recordings are kept on a re-run (resume).')}

${para(`Accepted files, by extension (video: its audio track): ${extensionList()}. Every other file is named with its reason in <out-dir>/skipped.csv.`)}

${para('Settings come from defaults < pipeline.config.json (in the working directory, or --config) < DICTCLIP_* environment variables < flags.')}

${runOptionSections(w)}

${flagEntry('-h, --help', 'Show this help.', w)}

${RUN_EXPORT_HELP}

${para('Environment: DICTCLIP_USERNAME with DICTCLIP_PASSWORD or DICTCLIP_API_KEY (needed with --base-url).')}

${EXIT_CODES}

Examples:
  dictclip run ./recordings -o ./dataset --mode phrase --pad-ms 50
  dictclip run ./recordings --out ./dataset --dry-run
  dictclip run ./recordings --out ./dataset --match '^(yes|no)$'
`;
}

export const SERVE_HELP = `Usage: dictclip serve --data <dir> [options]

Runs the embedded dictation service (the same HTTP and WebSocket API as the remote service).
Prints "dictclip service listening on <url>" once ready; request log lines go to stderr.
Stops gracefully on Ctrl-C or SIGTERM (exit 0).

Options:
${flagLine('--data <dir>', 'Data folder: accounts, profiles, audio, dictations (required)')}
${flagLine('--host <address>', 'Address to listen on [default: 127.0.0.1]')}
${flagLine('--port <n>', 'Port, 0 = any free port [default: 8080]')}
${flagLine('--public-url <url>', 'Base URL clients use (e.g. https://dictation.example); Location headers are built from it [default: the Host header if it names this machine, else the listening address]')}
${flagLine('--engine <name>', 'Recognizer: pocketsphinx|scripted [default: pocketsphinx]')}
${flagLine('--script <file>', 'Script of the scripted engine')}
${flagLine('--jobs <n>', 'Dictation jobs at once [default: number of CPU cores]')}
${flagLine('--per-user-limit <n>', 'Requests in flight per user, WebSocket sessions included; more are answered 503 with Retry-After [default: 8]')}
${flagLine('--login-failures <n>', 'Failed logins per client address in a minute before 429 with Retry-After (no password is hashed then) [default: 5]')}
${flagLine('--login-failures-total <n>', 'Failed logins of all addresses in a minute before every new login gets 429 [default: 100]')}
${flagLine('--done-hold-ms <n>', `Hold GET …/done of an unfinished dictation until it ends, at most this long; 0 answers at once [default: 0, at most ${MAX_DONE_HOLD_MS}]`)}
${flagLine('--max-upload-bytes <n>', `Largest accepted upload [default: ${DEFAULT_MAX_UPLOAD_BYTES}]`)}
${flagLine('--max-stored-bytes <n>', `Stored audio per tenant; an upload past it gets 413 [default: ${DEFAULT_MAX_STORED_BYTES} (2 GiB)]`)}
${flagLine('--faults <spec>', 'Fault injection spec [env DICTCLIP_FAULTS]')}
${flagLine('--ffmpeg-path <file>', 'ffmpeg binary [default: FFMPEG_PATH, ffmpeg-static, ffmpeg on PATH]')}
${flagLine('-h, --help', 'Show this help')}

Exit codes: 0 after a clean stop, 1 when the service cannot start, 2 for usage errors.

Example:
  dictclip account add alice --tenant acme --data ./svc --password-stdin < pw.txt
  dictclip serve --data ./svc --port 8080
`;

export const ACCOUNT_HELP = `Usage:
  dictclip account add <user> --tenant <tenant> --data <dir> --password-stdin
  dictclip account passwd <user> --data <dir> --password-stdin
  dictclip account apikey <user> --data <dir>

Manages accounts of the embedded service in <dir>/accounts.json.
  add      create an account; its password must be changed (passwd, or the HTTP password
           change call) before it can dictate
  passwd   set the password and clear the must-change flag
  apikey   issue an API key; only the key is printed (once; it is stored hashed)

Passwords are read from the first line of stdin (--password-stdin), never from arguments,
and never printed. Passwords have at least 8 characters.

Exit codes: 0 success, 1 account error (E_ACCOUNT), 2 usage error.

Example:
  printf '%s\\n' "$PASSWORD" | dictclip account passwd alice --data ./svc --password-stdin
  DICTCLIP_API_KEY=$(dictclip account apikey alice --data ./svc)
`;

export const REPORT_HELP = `Usage: dictclip report <out-dir>

Rebuilds <out-dir>/report/ (index.html, its script, styles and data) from the output of a
finished run: manifest.csv, failures.csv, summary.json, markers/ and the waveform peaks in
.dictclip/peaks/. \`dictclip run\` writes the same report at the end of every run unless
--no-report. Open report/index.html in a browser straight from disk: it needs no server and
loads nothing from the network; clips and source recordings are linked, never copied.

Options:
${flagLine('-h, --help', 'Show this help')}

Exit codes: 0 written, 1 cannot be written, 2 usage error (not a run output).

Example:
  dictclip report ./dataset && xdg-open ./dataset/report/index.html
`;

export const SUBTITLES_HELP = `Usage: dictclip subtitles <run-out-dir> --format <f>[,<f>…]|all [--level phrase|word|highlight]
                          [--max-line-width <n> [--max-lines <n>]] [--line-breaks auto|keep|ignore]

Writes subtitle files of a finished run beside its transcripts, from transcripts/<source>.json
alone (no input folder, no service, no audio): transcripts/<source>.vtt (WebVTT), .srt (SubRip)
and .TextGrid (Praat, long text format, a words, a phrases and a lines tier). \`dictclip run
--subtitles\` writes the same files during a run (--subtitle-level, --subtitle-max-line-width,
--subtitle-max-lines, --subtitle-line-breaks).

Options:
  --format <f>[,<f>…]|all       vtt, srt, textgrid, several comma-separated, or all (required)
  --level <level>               Cues of vtt and srt: phrase (one per phrase), word (one per word), or
                                highlight (per phrase one cue per word, the phrase with that word
                                underlined: <u>word</u>; the phrase plain while no word is spoken)
                                [default: phrase]
  --max-line-width <n>          Wrap vtt and srt cue text into lines of at most n characters, breaking
                                between words [default: no wrapping]
  --max-lines <n>               With --max-line-width: split a cue needing more lines into cues of at
                                most n lines, each timed by its own words [default: no limit]
  --line-breaks <mode>          keep: a phrase cue never runs across a line break of the text (each
                                line of a poem or script is a cue); ignore; auto: keep for a
                                reference transcript with short lines [default: auto]
  -h, --help                    Show this help

Exit codes: 0 written, 1 some recordings have no transcripts/<source>.json (listed; the files of
the others are written), 2 usage error or a folder that is not a run output.

Examples:
  dictclip subtitles ./dataset --format vtt,textgrid --level word
  dictclip subtitles ./dataset --format srt --level highlight --max-line-width 42 --max-lines 2
`;

/** Help of a command (run's wrapped to `width` columns), or undefined for an unknown one. */
export function helpFor(command: string | undefined, width?: number): string | undefined {
  if (command === undefined) return MAIN_HELP;
  if (command === 'run') return runHelp(width);
  if (command === 'serve') return SERVE_HELP;
  if (command === 'account') return ACCOUNT_HELP;
  if (command === 'export') return EXPORT_HELP;
  if (command === 'report') return REPORT_HELP;
  if (command === 'review') return REVIEW_HELP;
  if (command === 'merge') return MERGE_HELP;
  if (command === 'subtitles') return SUBTITLES_HELP;
  return undefined;
}
