/** `dictclip review <run-out-dir>`: the review page over a finished run until Ctrl-C. */
import path from 'node:path';
import { startProcess } from '../../child-process.js';
import { expectPositionals, ffmpegPathFlag, intFlag, parseCommandArgs, stringValue } from '../args.js';
import { usageError, waitForAbort, type CliIo } from '../io.js';

export const REVIEW_HELP = `Usage: dictclip review <run-out-dir> [--host 127.0.0.1] [--port 0] [--public-host <name>] [--open] [--ffmpeg-path <file>]

Starts a local web page over a finished run to listen to its words and correct them, and prints
one line: review: http://127.0.0.1:<port>/ (open it in a browser). Each recording is shown with
its state (flagged clips, words off the reference, corrected or not; those needing attention
first), its waveform with the words on it and its transcript as words: click a word to hear it,
double-click to correct it (Enter saves, Escape cancels; several words insert several), Delete
removes the selected word, Space plays the recording with the current word highlighted, arrows
or j/k move, Enter replays, Ctrl+Z undoes. Every change is written at once to
<run-out-dir>/corrections/<source>.txt (the corrected transcript, punctuation kept), and
  dictclip run <input-dir> --out <run-out-dir> --transcripts <run-out-dir>/corrections
re-cuts the corrected words from the saved markers without dictating again.

Reads the run output (manifest.csv, markers/, transcripts/, alignments/, .dictclip/peaks) and
the source recordings of the run (summary.json's input folder); writes only corrections/ and, for
a source a browser cannot play (AIFF, AMR, WMA, a video …), a 16 kHz WAV copy made with ffmpeg on
first listen in .dictclip/listen/ (made again when the source changes).
Writes are accepted only from the page itself (same origin and a per-session token); a change
made on a state another tab already changed is refused and the page says so.

Options:
  --host <address>   Address to listen on (default 127.0.0.1: this machine only). Another
                     address lets other machines read the run and its audio: a warning says
                     so unless DICTCLIP_REVIEW_TOKEN holds a token you chose (16 characters or
                     more), which every request must then carry (open /?token=<it> once).
                     The server answers only to the addresses it listens on (on 0.0.0.0: this
                     machine's interfaces) and the --public-host names, whatever the Host.
  --public-host <name>
                     Another name the page is reached by (repeat, or a comma list).
  --port <n>         Port (default 0: a free one).
  --open             Also open the page in the default browser (xdg-open, open, start).
  --ffmpeg-path <file>
                     ffmpeg for those copies (default: DICTCLIP_FFMPEG_PATH, FFMPEG_PATH,
                     ffmpeg-static, ffmpeg on PATH).
  -h, --help         Show this help.

Stops on Ctrl-C (SIGINT) or SIGTERM: the server closes and the command exits 0.
Exit codes: 0 stopped, 1 cannot listen, 2 usage error (not a run output).
`;

const OPTIONS = {
  host: { type: 'string' },
  'public-host': { type: 'string', multiple: true },
  port: { type: 'string' },
  open: { type: 'boolean' },
  'ffmpeg-path': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Hand `url` to the desktop's browser opener; a failure is only reported. */
function openBrowser(url: string, io: CliIo): void {
  const [file, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    startProcess(file, args, { errorCode: 'E_OPEN', stdout: 'ignore' }).done.catch((error: unknown) => {
      io.stderr.write(`review: cannot open a browser (${(error as Error).message}); open ${url} by hand\n`);
    });
  } catch (error) {
    io.stderr.write(`review: cannot open a browser (${(error as Error).message}); open ${url} by hand\n`);
  }
}

export async function reviewCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('review', args, OPTIONS);
  if (values['help'] === true) {
    io.stdout.write(REVIEW_HELP);
    return 0;
  }
  const [outArg = ''] = expectPositionals(positionals, ['run-out-dir'], 'review');
  const port = intFlag(values, 'port', 0, 65_535);
  const host = stringValue(values, 'host');
  if (host === '') throw usageError('--host: give an address, e.g. --host 127.0.0.1');
  const ffmpegPath = ffmpegPathFlag(values, io.env, io.cwd);
  const publicHosts = ((values['public-host'] ?? []) as string[]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  const token = io.env['DICTCLIP_REVIEW_TOKEN'];
  if (token !== undefined && token.length < 16) throw usageError('DICTCLIP_REVIEW_TOKEN: a token of at least 16 characters (e.g. openssl rand -hex 16)');
  const { startReview } = await import('../../review/index.js');
  const review = await startReview({
    runDir: path.resolve(io.cwd, outArg),
    ...(host === undefined ? {} : { host }),
    ...(port === undefined ? {} : { port }),
    ...(ffmpegPath === undefined ? {} : { ffmpegPath }),
    ...(token === undefined ? {} : { token }),
    publicHosts,
  });
  for (const warning of review.warnings) io.stderr.write(`review: warning: ${warning}\n`);
  io.stdout.write(`review: ${review.url}${token === undefined ? '' : ' (open it once as /?token=<DICTCLIP_REVIEW_TOKEN>)'}\n`);
  if (values['open'] === true) openBrowser(token === undefined ? review.url : `${review.url}?token=${encodeURIComponent(token)}`, io);
  await waitForAbort(io.signal);
  await review.close();
  return 0;
}
