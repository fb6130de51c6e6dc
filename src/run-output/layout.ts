/**
 * Every file and folder name of a run output (`dictclip run --out <dir>`), spelled here once.
 * Readers (dataset/, report/, shard/, extracts/, review) and the pipeline that writes them use
 * these names; nothing else in src/ spells one.
 *
 *     <out>/manifest.csv            one row per clip (rows.ts ManifestRow)
 *     <out>/failures.csv            one row per failed recording
 *     <out>/skipped.csv             input files not processed, with the reason
 *     <out>/summary.json            counts, clip statistics, stage times, failures
 *     <out>/run.json                what a finished run was made with (run-record.ts)
 *     <out>/clips/<key>/…wav        the clips (naming.ts clipDir, clipFileName)
 *     <out>/transcripts/<src>.txt   the dictated transcript per recording
 *     <out>/transcripts/<src>.json  its words and phrases with times, offsets and flags (src/timed/model.ts)
 *     <out>/transcripts/<src>.vtt|.srt|.TextGrid   subtitles and the Praat TextGrid (`subtitles`)
 *     <out>/markers/<src>.json      the word markers per recording
 *     <out>/alignments/<src>.json   reference alignment per recording (--transcripts)
 *     <out>/corrections/<src>.txt   transcripts corrected by `dictclip review`
 *     <out>/corrections/<src>.words.json   the review's word edits over that text: times, verified (corrections.ts)
 *     <out>/report/                 the QA report (made from the rest)
 *     <out>/exports/<format>/       datasets made by `dictclip export` (recorded in .dictclip/exports.json)
 *     <out>/.dictclip/state|peaks|work|service|listen   internal: resume state, waveform peaks, work audio,
 *                                   embedded service, the review's playable copies of unplayable sources
 *
 * `<src>` is the manifest's `source` (path relative to the input folder, extension kept);
 * `<key>` is naming.ts recordingKey(source).
 */

export const MANIFEST_FILE = 'manifest.csv';
export const FAILURES_FILE = 'failures.csv';
export const SKIPPED_FILE = 'skipped.csv';
export const SUMMARY_FILE = 'summary.json';
export const RUN_RECORD_FILE = 'run.json';

export const CLIPS_DIR = 'clips';
export const TRANSCRIPTS_DIR = 'transcripts';
export const MARKERS_DIR = 'markers';
export const ALIGNMENTS_DIR = 'alignments';
export const CORRECTIONS_DIR = 'corrections';
export const REPORT_DIR = 'report';
/** Where `dictclip export` writes unless told otherwise (`exports/<format>`). */
export const EXPORTS_DIR = 'exports';
/** `.dictclip/exports.json`: the exports made of the output and the manifest each came from (exports-record.ts). */
export const EXPORTS_RECORD_FILE = 'exports.json';

/** Endings of the files beside `transcripts/<src>.txt`: the timed transcript, and each subtitle format. */
export const TIMED_TRANSCRIPT_EXT = '.json';
export const SUBTITLE_EXTS = { vtt: '.vtt', srt: '.srt', textgrid: '.TextGrid' } as const;

/** Ending of the review's word edits beside `corrections/<src>.txt` (corrections.ts). */
export const CORRECTION_WORDS_EXT = '.words.json';

/** The run's internal folder and its subfolders. */
export const INTERNAL_DIR = '.dictclip';
export const STATE_DIR = 'state';
export const PEAKS_DIR = 'peaks';
export const WORK_DIR = 'work';
export const SERVICE_DIR = 'service';
/** The review's WAV copies of sources a browser cannot play (AIFF, AMR, WMA, video containers …). */
export const LISTEN_DIR = 'listen';

/** The run-level files, in the order a run writes them. */
export const RUN_FILES = [MANIFEST_FILE, FAILURES_FILE, SKIPPED_FILE, SUMMARY_FILE, RUN_RECORD_FILE] as const;

/** Per-recording folders mirrored by source path (`<folder>/<source><ext>`). */
export const MIRRORED_DIRS = [TRANSCRIPTS_DIR, MARKERS_DIR, ALIGNMENTS_DIR, CORRECTIONS_DIR] as const;

/** Folders holding one entry per recording: what a merge of shard outputs links over. */
export const RECORDING_DIRS = [CLIPS_DIR, ...MIRRORED_DIRS] as const;

/** Made from the rest of a run output (the QA report): never merged, rebuilt instead. */
export const DERIVED_DIRS = [REPORT_DIR] as const;

/** The files a folder must hold to be a run output. */
export const REQUIRED_FILES = [MANIFEST_FILE, SUMMARY_FILE] as const;
