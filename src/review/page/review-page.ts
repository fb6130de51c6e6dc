/**
 * What the review page holds and offers (review.ts makes it, edit.ts and playback.ts use it): the
 * loaded recordings, the selected word, and the calls that show, select, zoom and play them.
 */
import type { RecordingListEntry, RecordingView } from '../view.js';

/** A recording as the page holds it: the server's view and its decoded peaks. */
export interface LoadedRecording extends RecordingView {
  peakBytes: Int8Array | undefined;
}

export interface Selection {
  source: string;
  index: number;
}

export interface ReviewPage {
  /** The session token every save carries. */
  token: string;
  /** Loaded recordings by source. */
  recordings: Map<string, LoadedRecording>;
  selection: Selection | null;
  status(message: string, bad?: boolean): void;
  section(source: string): HTMLElement | undefined;
  /** The recordings in display order (doubt first), with their words at a glance. */
  entries(): readonly RecordingListEntry[];
  /** Load a recording (once), resolved when it is shown. */
  load(source: string): Promise<void>;
  /** Show a recording's state as the server sent it (after a load, a save or a refused save). */
  setRecording(view: RecordingView): void;
  renderWords(source: string): void;
  /** Word `index` of `source` in the text. */
  wordElement(source: string, index: number): HTMLElement | null;
  /** Word `index` of `source` on the waveform (timed words only). */
  boxElement(source: string, index: number): HTMLElement | null;
  /** Widen (factor > 1) or narrow the waveform of `source`. */
  zoom(source: string, factor: number): void;
  select(source: string, index: number, scroll?: boolean): void;
  /** Play word `index` of `source`, stopping at its end. */
  playWord(source: string, index: number): void;
  /** Play or pause the whole recording of the selected word (from that word when starting anew). */
  togglePlay(source?: string): void;
}
