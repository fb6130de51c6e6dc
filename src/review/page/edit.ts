/**
 * Correcting words on the review page, and its keys. A double-click opens an inline editor on a
 * word with its text selected; Enter saves, Escape (or leaving it) cancels; Delete removes the
 * selected word; Ctrl+Z or the Undo button puts back the text before the last change. Every change
 * goes to the server at once, one after the other, with the revision it was made on; a refused one
 * (the file changed in another tab) is said and the recording shows its saved state again.
 */
import type { RecordingView, SaveBody, StaleAnswer } from '../view.js';
import type { LoadedRecording, ReviewPage } from './review.js';
import { UndoHistory } from './undo.js';

/** A change's request body without source and revision (added when its turn comes). */
type ChangeBody = { index: number; replacement: string } | { text: string };

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
    const before = rec.text;
    page.status('Saving…');
    const res = await fetch('/api/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-dictclip-token': page.token },
      body: JSON.stringify(body),
    });
    const answer = await res.json() as unknown;
    if (res.status === 200) {
      const view = answer as RecordingView;
      if (undoable) history.saved(source, before, view.text);
      undoButton.disabled = history.empty;
      page.setRecording(view);
      notice(source, '');
      page.status(`Saved corrections/${source}.txt`);
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
    if (last) change(last.source, () => ({ text: last.text }), false);
  }

  // ---- the inline editor -------------------------------------------------------------

  function openEditor(el: HTMLElement): void {
    const source = el.closest<HTMLElement>('[data-recording]')?.dataset['recording'] ?? '';
    const index = Number(el.dataset['word']);
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
    const word = (event.target as HTMLElement).closest<HTMLElement>('[data-word]');
    if (word && !editing) { event.preventDefault(); openEditor(word); }
  });

  // ---- keys --------------------------------------------------------------------------

  function move(step: number): void {
    const sel = page.selection;
    const rec = sel ? page.recordings.get(sel.source) : undefined;
    if (!sel || !rec) return;
    const index = Math.max(0, Math.min(rec.words.length - 1, sel.index + step));
    page.select(sel.source, index);
    page.playWord(sel.source, index);
  }

  document.addEventListener('keydown', (event) => {
    if (editing || (event.target as HTMLElement).closest('input, select, textarea')) return;
    if ((event.ctrlKey || event.metaKey) && (event.key === 'z' || event.key === 'Z')) { event.preventDefault(); undo(); return; }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const sel = page.selection;
    if (key === ' ') { event.preventDefault(); page.togglePlay(); }
    else if (key === 'ArrowRight' || key === 'j') { event.preventDefault(); move(1); }
    else if (key === 'ArrowLeft' || key === 'k') { event.preventDefault(); move(-1); }
    else if (key === 'Enter' && sel) { event.preventDefault(); page.playWord(sel.source, sel.index); }
    else if ((key === 'Delete' || key === 'Backspace') && sel) { event.preventDefault(); removeSelected(); }
  });

  undoButton.addEventListener('click', undo);
}
