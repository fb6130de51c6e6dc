/**
 * The QA report's "Needs a look": a legend of the flag tokens (what each means, from the data's
 * `flags`, and how many clips carry it) whose buttons filter the recordings' clip lists to the
 * clips with that flag, instead of one long list of every flagged clip.
 */
import { esc, plural } from './format.js';
import { isFlagged, type PageClip, type PageRun } from './run.js';

/** The filter value of "any flag". */
const ANY = 'any';
/** A filter value `confidence<p`: the clips whose confidence is below p (or unknown). */
export const CONFIDENCE_PREFIX = 'confidence<';

function hasFlag(clip: PageClip, token: string): boolean {
  if (token.startsWith(CONFIDENCE_PREFIX))
    return clip.confidence === null || clip.confidence < Number(token.slice(CONFIDENCE_PREFIX.length));
  return token === ANY ? isFlagged(clip) : ` ${clip.flags} `.includes(` ${token} `);
}

function filterLabel(token: string): string {
  if (token === ANY) return 'any flag';
  return token.startsWith(CONFIDENCE_PREFIX) ? `confidence below ${token.slice(CONFIDENCE_PREFIX.length)}` : token;
}

/** Clips per flag token (and ANY: flagged clips), over every recording. */
function countFlags(run: PageRun): Map<string, number> {
  const counts = new Map<string, number>([[ANY, 0]]);
  for (const r of run.recordings) {
    for (const c of r.clips) {
      if (isFlagged(c)) counts.set(ANY, (counts.get(ANY) ?? 0) + 1);
      for (const f of c.flags.split(' ')) if (f !== '') counts.set(f, (counts.get(f) ?? 0) + 1);
    }
  }
  return counts;
}

function legendRow(token: string, label: string, meaning: string, count: number): string {
  const button = count > 0
    ? `<button type="button" class="flag" data-filter="${esc(token)}" aria-pressed="false" title="List only these clips below">${esc(label)}</button>`
    : `<span class="flag none">${esc(label)}</span>`;
  return `<tr data-legend="${esc(token)}"${count > 0 ? '' : ' class="muted"'}><td>${button}</td>` +
    `<td class="num">${count}</td><td>${esc(meaning)}</td></tr>`;
}

/** The legend into `el`: every known token (in the data's order), then any other token the manifest holds. */
export function renderFlagged(run: PageRun, el: HTMLElement): void {
  const counts = countFlags(run);
  const meanings = run.data.flags;
  const tokens = [...Object.keys(meanings), ...[...counts.keys()].filter((f) => f !== ANY && !(f in meanings))];
  const any = counts.get(ANY) ?? 0;
  const clamped = run.data.summary.paddingClampedEdges;
  el.innerHTML = `<p>${any === 0 ? 'No clip is flagged.' : `${plural(any, 'clip')} flagged (a clip may carry several flags). ` +
    'Pick a flag to list only its clips under Recordings; flagged clips are kept, and <code>dictclip export --exclude-flagged</code> leaves them out.'}</p>` +
    '<table class="legend"><thead><tr><th>Flag</th><th class="num">Clips</th><th>Meaning</th></tr></thead><tbody>' +
    legendRow(ANY, 'any flag', 'Every flagged clip.', any) +
    tokens.map((f) => legendRow(f, f, meanings[f] ?? 'Not a flag this version of dictclip writes.', counts.get(f) ?? 0)).join('') +
    '</tbody></table>' +
    '<p class="confidence-filter"><label>List the clips whose confidence is below <input type="number" id="confidence-below" min="0" max="1" step="0.05" value="0.5"></label> ' +
    '<button type="button" data-confidence-filter>List them</button> <span class="muted">(confidence: the calibrated probability that a clip holds its word ' +
    'with both edges within 50 ms; <code>dictclip export --min-confidence</code> leaves such clips out)</span></p>' +
    (clamped ? `<p class="muted">Not a flag: ${plural(clamped, 'clip edge')} had their padding cut short at the midpoint to a neighbouring word ` +
      '(summary.json <code>paddingClampedEdges</code>; <code>--pad-mode overlap</code> keeps the whole padding).</p>' : '');
}

/** Show only the clips with flag `token` (ANY: any flag) and the recordings that have some; null shows every clip. */
export function filterClips(run: PageRun, token: string | null): void {
  let shown = 0;
  let inRecordings = 0;
  for (const r of run.recordings) {
    const section = document.getElementById(`rec-${r.index}`);
    let n = 0;
    r.clips.forEach((c, ci) => {
      const match = token === null || hasFlag(c, token);
      const item = document.getElementById(`clip-${r.index}-${ci}`);
      if (item) item.hidden = !match;
      if (match) n++;
    });
    if (section) section.hidden = token !== null && n === 0;
    shown += n;
    if (n > 0) inRecordings++;
  }
  document.querySelectorAll<HTMLElement>('button[data-filter]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset['filter'] === token)));
  const status = document.getElementById('filter-status');
  if (status) {
    status.hidden = token === null;
    status.innerHTML =
      token === null
        ? ''
        : `Showing the ${plural(shown, 'clip')} ${token.startsWith(CONFIDENCE_PREFIX) ? 'with' : 'flagged'} <span class="flag">${esc(filterLabel(token))}` +
          `</span> in ${plural(inRecordings, 'recording')}. <button type="button" data-filter="">Show every clip</button>`;
  }
  document.body.dataset['filter'] = token === null ? '' : token;
  if (token !== null) document.getElementById('recordings')?.scrollIntoView();
}
