/*
 * dictclip review page: correcting words and the keyboard. Loaded after review.js
 * (window.DICTCLIP_REVIEW). A double-click opens an inline editor on a word with its text
 * selected; Enter saves, Escape (or leaving it) cancels; Delete removes the selected word;
 * Ctrl+Z or the Undo button puts back the text before the last change. Every change goes to the
 * server at once, one after the other, with the revision it was made on; a refused one (the file
 * changed in another tab) is said and the recording shows its saved state again.
 */
(function () {
  'use strict';

  var R = window.DICTCLIP_REVIEW;
  var undoButton = document.getElementById('undo');
  var undoStack = []; // { source, text } before each saved change
  var queue = Promise.resolve();

  function notice(source, message) {
    var el = R.section(source).querySelector('.notice');
    el.hidden = !message;
    el.textContent = message || '';
  }

  /**
   * Queue a change of `source`: `make()` gives the request body when its turn comes (so it sees
   * the words as the previous change left them), or null to skip it.
   */
  function change(source, make, undoable) {
    queue = queue.then(function () {
      var rec = R.recs[source];
      var body = rec && make(rec);
      if (!body) return undefined;
      body.source = source;
      body.revision = rec.revision;
      var before = rec.text;
      R.status('Saving…');
      return fetch('/api/save', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-dictclip-token': R.token },
        body: JSON.stringify(body),
      }).then(function (res) {
        return res.json().then(function (answer) {
          if (res.status === 200) {
            if (undoable && answer.text !== before) undoStack.push({ source: source, text: before });
            undoButton.disabled = undoStack.length === 0;
            R.setRecording(answer);
            notice(source, '');
            R.status('Saved corrections/' + source + '.txt');
          } else if (res.status === 409) {
            R.setRecording(answer.recording);
            undoStack = undoStack.filter(function (u) { return u.source !== source; });
            undoButton.disabled = undoStack.length === 0;
            notice(source, 'Not saved: ' + answer.message + '. The saved state is shown again; make the change once more.');
            R.status('Not saved: ' + source + ' was changed elsewhere; reloaded it.', true);
          } else {
            R.status('Not saved: ' + answer.message, true);
          }
        });
      }).catch(function (error) { R.status('Not saved: ' + error.message, true); }).then(function () {
        // For tests: changes answered so far.
        document.documentElement.dataset.saves = String(Number(document.documentElement.dataset.saves || 0) + 1);
      });
    });
    return queue;
  }

  function replaceWord(source, index, replacement) {
    change(source, function (rec) { return rec.words[index] ? { index: index, replacement: replacement } : null; }, true);
  }

  function removeSelected() {
    var sel = R.sel;
    if (!sel) return;
    change(sel.source, function (rec) {
      var index = R.sel && R.sel.source === sel.source ? R.sel.index : sel.index;
      return rec.words[index] ? { index: index, replacement: '' } : null;
    }, true);
  }

  function undo() {
    var last = undoStack.pop();
    undoButton.disabled = undoStack.length === 0;
    if (last) change(last.source, function () { return { text: last.text }; }, false);
  }

  // ---- the inline editor -------------------------------------------------------------

  var editing = null;

  function openEditor(el) {
    var source = el.closest('[data-recording]').dataset.recording;
    var index = Number(el.dataset.word);
    R.select(source, index, false);
    var input = document.createElement('input');
    input.className = 'editor';
    input.value = el.textContent;
    input.setAttribute('aria-label', 'Correct “' + el.textContent + '”');
    input.size = Math.max(4, el.textContent.length + 2);
    el.textContent = '';
    el.appendChild(input);
    editing = { source: source, index: index, input: input, original: input.value };
    input.focus();
    input.select();
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Enter') { event.preventDefault(); closeEditor(true); }
      else if (event.key === 'Escape') { event.preventDefault(); closeEditor(false); }
      event.stopPropagation();
    });
    input.addEventListener('blur', function () { closeEditor(false); });
  }

  function closeEditor(save) {
    var e = editing;
    if (!e) return;
    editing = null;
    var value = e.input.value;
    R.renderWords(e.source);
    if (save && value.trim() !== e.original) replaceWord(e.source, e.index, value);
  }

  document.addEventListener('dblclick', function (event) {
    var word = event.target.closest('[data-word]');
    if (word && !editing) { event.preventDefault(); openEditor(word); }
  });

  // ---- keys --------------------------------------------------------------------------

  function move(step) {
    var sel = R.sel;
    if (!sel) return;
    var rec = R.recs[sel.source];
    var index = Math.max(0, Math.min(rec.words.length - 1, sel.index + step));
    R.select(sel.source, index);
    R.playWord(sel.source, index);
  }

  document.addEventListener('keydown', function (event) {
    if (editing || event.target.closest('input, select, textarea')) return;
    if ((event.ctrlKey || event.metaKey) && (event.key === 'z' || event.key === 'Z')) { event.preventDefault(); undo(); return; }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var key = event.key;
    if (key === ' ') { event.preventDefault(); R.togglePlay(); }
    else if (key === 'ArrowRight' || key === 'j') { event.preventDefault(); move(1); }
    else if (key === 'ArrowLeft' || key === 'k') { event.preventDefault(); move(-1); }
    else if (key === 'Enter' && R.sel) { event.preventDefault(); R.playWord(R.sel.source, R.sel.index); }
    else if ((key === 'Delete' || key === 'Backspace') && R.sel) { event.preventDefault(); removeSelected(); }
  });

  undoButton.addEventListener('click', undo);
})();
