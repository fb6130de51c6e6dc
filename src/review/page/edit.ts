/**
 * Correcting words on the review page, and its keys. A double-click (or `e`) opens an inline
 * editor on a word with its text selected; Enter saves, Escape (or leaving it) cancels; Delete
 * removes the selected word; a drag of an edge handle on the waveform, or `a`/`s` (start) and
 * `d`/`f` (end), 5 ms a press and 1 ms with Shift, sets its times; `b` splits it, `g` joins it with
 * the next; `v` marks it checked (`u`: not), Shift+V or a recording's Verify all button all of
 * its words; `n`/Shift+N go to the next/previous word in doubt; `+`/`-` zoom the waveform; Ctrl+Z
 * or the Undo button puts back the text and times before the last change. Every change goes to
 * the server at once, one after the other, with the revision it was made on; a refused one (the
 * file changed in another tab) is said and the recording shows its saved state again.
 */
import type { RecordingView, SaveBody, StaleAnswer, WordChange, WordEditView } from '../view.js';
import { installDrag, movedTimes, type Edge } from './lane.js';
import { nextDoubtful, previousDoubtful } from './order.js';
import type { LoadedRecording, ReviewPage } from './review-page.js';
import { UndoHistory } from './undo.js';

/** A change's request body without source and revision (added when its turn comes). */
type ChangeBody = { index: number; replacement: string } | { text: string; edits?: WordEditView[] } | WordChange;

/** The nudge keys: key → [edge, ms per press] (Shift gives 1 ms). */
const NUDGES: Readonly<Record<string, [Edge, number]>> = { a: ['start', -5], s: ['start', 5], d: ['end', -5], f: ['end', 5] };

export function installEditing(page: ReviewPage): void {
  const undoButton = document.getElementById('undo') as HTMLButtonElement;
  const history = new UndoHistory();
  let queue: Promise<void> = Promise.resolve();
  let editing: { source: string; index: number; input: HTMLInputElement; original: string } | null = null;

  function notice(source: string, message: string): void {
    const el = page.section(source)?.querySelector<HTMLElement>('.notice');
    if (!el) return;
    el.hidden = !message;
    el.textContent = message;
  }

  async function send(source: string, rec: LoadedRecording, change: ChangeBody, undoable: boolean): Promise<void> {
    const body: SaveBody = { ...change, source, revision: rec.revision };
    const before = { text: rec.text, edits: rec.edits };
    page.status('Saving…');
    const res = await fetch('/api/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-dictclip-token': page.token },
      body: JSON.stringify(body),
    });
    const answer = await res.json() as unknown;
    if (res.status === 200) {
      const view = answer as RecordingView;
      if (undoable) history.saved(source, before, { text: view.text, edits: view.edits });
      undoButton.disabled = history.empty;
      page.setRecording(view);
      notice(source, '');
      page.status(`Saved corrections/${source}.txt and .words.json`);
    } else if (res.status === 409) {
      const stale = answer as StaleAnswer;
      page.setRecording(stale.recording);
      history.forget(source);
      undoButton.disabled = history.empty;
      notice(source, `Not saved: ${stale.message}. The saved state is shown again; make the change once more.`);
      page.status(`Not saved: ${source} was changed elsewhere; reloaded it.`, true);
    } else {
      page.status(`Not saved: ${(answer as { message?: string }).message ?? res.statusText}`, true);
    }
  }

  /**
   * Queue a change of `source`: `make()` gives the request body when its turn comes (so it sees
   * the words as the previous change left them), or null to skip it.
   */
  function change(source: string, make: (rec: LoadedRecording) => ChangeBody | null, undoable: boolean): void {
    queue = queue.then(async () => {
      const rec = page.recordings.get(source);
      const body = rec ? make(rec) : null;
      if (!rec || !body) return;
      await send(source, rec, body, undoable).catch((error: Error) => page.status(`Not saved: ${error.message}`, true));
      // For tests: changes answered so far.
      document.documentElement.dataset['saves'] = String(Number(document.documentElement.dataset['saves'] ?? 0) + 1);
    });
  }

  function replaceWord(source: string, index: number, replacement: string): void {
    change(source, (rec) => (rec.words[index] ? { index, replacement } : null), true);
  }

  function removeSelected(): void {
    const sel = page.selection;
    if (!sel) return;
    change(sel.source, (rec) => {
      const now = page.selection;
      const index = now && now.source === sel.source ? now.index : sel.index;
      return rec.words[index] ? { index, replacement: '' } : null;
    }, true);
  }

  function undo(): void {
    const last = history.pop();
    undoButton.disabled = history.empty;
    if (last) change(last.source, () => ({ text: last.text, edits: last.edits }), false);
  }

  /** Queue a change of the selected word (`make` sees its recording and index when its turn comes). */
  function changeSelected(make: (rec: LoadedRecording, index: number) => ChangeBody | null): void {
    const sel = page.selection;
    if (!sel) return;
    change(sel.source, (rec) => {
      const now = page.selection;
      const index = now && now.source === sel.source ? now.index : sel.index;
      return rec.words[index] ? make(rec, index) : null;
    }, true);
  }

  function nudge(edge: Edge, ms: number): void {
    changeSelected((rec, index) => {
      const w = rec.words[index]!;
      if (w.startMs === null || w.endMs === null) { page.status(`“${w.text}” is not placed in the audio: it has no edges to move.`, true); return null; }
      const times = movedTimes(rec.words, index, edge, ms, rec.durationMs);
      return times.startMs === w.startMs && times.endMs === w.endMs ? null : { op: 'times', index, ...times };
    });
  }

  /** Split the selected word in the middle of its letters, at the playing time when that is inside it. */
  function split(): void {
    changeSelected((rec, index) => {
      const w = rec.words[index]!;
      if (w.text.length < 2) { page.status(`“${w.text}” has one character: nothing to split.`, true); return null; }
      const player = document.getElementById('player') as HTMLAudioElement;
      const now = Math.round(player.currentTime * 1000);
      const inside = player.dataset['source'] === rec.source && w.startMs !== null && w.endMs !== null && now > w.startMs && now < w.endMs;
      return { op: 'split', index, at: Math.floor(w.text.length / 2), ...(inside ? { ms: now } : {}) };
    });
  }

  function verifyAll(source: string): void {
    change(source, () => ({ op: 'verify', indexes: 'all', verified: true }), true);
  }

  /** Select the next (`step` 1) or previous (-1) word in doubt, over the recordings shown in their order; loads them as needed. */
  async function jumpToDoubt(step: 1 | -1): Promise<void> {
    const order = page.entries().filter((e) => page.section(e.source)?.hidden !== true);
    const sel = page.selection;
    const n = order.length;
    const first = sel ? Math.max(0, order.findIndex((e) => e.source === sel.source)) : 0;
    for (let k = 0; k <= n && n > 0; k++) {
      const entry = order[(((first + step * k) % n) + n) % n]!;
      const from = k === 0 && sel && sel.source === entry.source ? sel.index : null; // null: the whole recording
      if (from === null && entry.doubtful === 0) continue;
      await page.load(entry.source);
      const words = page.recordings.get(entry.source)?.words ?? [];
      const found = step === 1 ? nextDoubtful(words, from ?? -1) : previousDoubtful(words, from ?? words.length);
      if (found >= 0) {
        page.select(entry.source, found);
        page.playWord(entry.source, found);
        return;
      }
    }
    page.status('No word in doubt is left.');
  }

  // ---- the inline editor -------------------------------------------------------------

  function openEditor(el: HTMLElement): void {
    const source = el.closest<HTMLElement>('[data-recording]')?.dataset['recording'] ?? '';
    const index = Number(el.dataset['w']);
    page.select(source, index, false);
    const text = el.textContent ?? '';
    const input = document.createElement('input');
    input.className = 'editor';
    input.value = text;
    input.setAttribute('aria-label', `Correct “${text}”`);
    input.size = Math.max(4, text.length + 2);
    el.textContent = '';
    el.appendChild(input);
    editing = { source, index, input, original: input.value };
    input.focus();
    input.select();
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') { event.preventDefault(); closeEditor(true); }
      else if (event.key === 'Escape') { event.preventDefault(); closeEditor(false); }
      event.stopPropagation();
    });
    input.addEventListener('blur', () => closeEditor(false));
  }

  function closeEditor(save: boolean): void {
    const e = editing;
    if (!e) return;
    editing = null;
    const value = e.input.value;
    page.renderWords(e.source);
    if (save && value.trim() !== e.original) replaceWord(e.source, e.index, value);
  }

  document.addEventListener('dblclick', (event) => {
    const target = event.target as HTMLElement;
    const word = target.closest<HTMLElement>('[data-w], [data-word]');
    const source = word?.closest<HTMLElement>('[data-recording]')?.dataset['recording'];
    const text = word && source !== undefined ? page.wordElement(source, Number(word.dataset['w'] ?? word.dataset['word'])) : null;
    if (text && !editing && !target.closest('[data-edge]')) { event.preventDefault(); openEditor(text); }
  });

  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-action="verify"]');
    const source = button?.closest<HTMLElement>('[data-recording]')?.dataset['recording'];
    if (source !== undefined) verifyAll(source);
  });

  installDrag({
    recording: (source) => page.recordings.get(source),
    grabbed: (source, index) => page.select(source, index, false),
    dropped: (source, index, startMs, endMs) => change(source, (rec) => (rec.words[index] ? { op: 'times', index, startMs, endMs } : null), true),
  });

  // ---- keys --------------------------------------------------------------------------

  function move(step: number): void {
    const sel = page.selection;
    const rec = sel ? page.recordings.get(sel.source) : undefined;
    if (!sel || !rec) {
      const first = page.entries().find((e) => page.recordings.get(e.source)?.words.length && !page.section(e.source)?.hidden);
      if (first) page.select(first.source, 0);
      return;
    }
    const index = Math.max(0, Math.min(rec.words.length - 1, sel.index + step));
    page.select(sel.source, index);
    page.playWord(sel.source, index);
  }

  document.addEventListener('keydown', (event) => {
    if (editing || (event.target as HTMLElement).closest('input, select, textarea')) return;
    // A focused button takes its own Enter and Space.
    if ((event.key === 'Enter' || event.key === ' ') && (event.target as HTMLElement).closest('button')) return;
    if ((event.ctrlKey || event.metaKey) && (event.key === 'z' || event.key === 'Z')) { event.preventDefault(); undo(); return; }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const sel = page.selection;
    if (key === ' ') { event.preventDefault(); page.togglePlay(); }
    else if (key === 'ArrowRight' || key === 'j') { event.preventDefault(); move(1); }
    else if (key === 'ArrowLeft' || key === 'k') { event.preventDefault(); move(-1); }
    else if (key === 'Enter' && sel) { event.preventDefault(); page.playWord(sel.source, sel.index); }
    else if ((key === 'Delete' || key === 'Backspace') && sel) { event.preventDefault(); removeSelected(); }
    else if (key.toLowerCase() in NUDGES && sel) {
      event.preventDefault();
      const [edge, ms] = NUDGES[key.toLowerCase()]!;
      nudge(edge, event.shiftKey ? Math.sign(ms) : ms);
    }
    else if (key === 'b' && sel) { event.preventDefault(); split(); }
    else if (key === 'g' && sel) { event.preventDefault(); changeSelected((_rec, index) => ({ op: 'join', index })); }
    else if ((key === 'v' || key === 'u') && sel) { event.preventDefault(); changeSelected((_rec, index) => ({ op: 'verify', indexes: [index], verified: key === 'v' })); }
    else if (key === 'V' && sel) { event.preventDefault(); verifyAll(sel.source); }
    else if (key === 'n' || key === 'N') { event.preventDefault(); void jumpToDoubt(key === 'n' ? 1 : -1); }
    else if (key === 'e' && sel) {
      event.preventDefault();
      const el = page.wordElement(sel.source, sel.index);
      if (el) openEditor(el);
    }
    else if ((key === '+' || key === '=' || key === '-') && sel) { event.preventDefault(); page.zoom(sel.source, key === '-' ? 0.5 : 2); }
  });

  undoButton.addEventListener('click', undo);
}
