/**
 * Permanent per-dictation faults, declared by the scripted engine's script (`fault` of an entry)
 * and applied when the service renders the dictation: pure functions on the rendered XML, the
 * statistics entries and the wordMarkers JSON. Any other fault value (`fail`, `never-done`,
 * undefined) leaves the input unchanged, so the rendering code can call them unconditionally.
 */

export const DICTATION_FAULTS = ['invalid-xml', 'truncated-xml', 'odd-markers', 'mismatched-markers', 'offsets-outside'] as const;
/** Faults of a finished dictation's answers (the engine's own faults are `fail` and `never-done`). */
export type DictationFault = (typeof DICTATION_FAULTS)[number];

export function isDictationFault(value: unknown): value is DictationFault {
  return typeof value === 'string' && (DICTATION_FAULTS as readonly string[]).includes(value);
}

/**
 * `invalid-xml`: an unclosed element with an unquoted attribute and a bare `&` before the root's
 * end tag; `truncated-xml`: the first half of the document. Works on the dictation XML and on
 * properties documents.
 */
export function corruptDictationXml(xml: string, fault: string | undefined): string {
  if (fault === 'truncated-xml') return xml.slice(0, Math.floor(xml.length / 2));
  if (fault !== 'invalid-xml') return xml;
  const end = /<\/([A-Za-z][\w.-]*)>\s*$/.exec(xml);
  if (end === null) return `${xml}<broken attr=1>&`;
  return `${xml.slice(0, end.index)}<broken attr=1>&${xml.slice(end.index)}`;
}


function numbers(value: string | number | undefined): string[] {
  const text = String(value ?? '').trim();
  return text === '' ? [] : text.split(',');
}

/**
 * Old-method statistics (entries of the audio or the text statistics, in order):
 * - `odd-markers`: WordAudioMarkers / WordTextMarkers lose their last number (odd length);
 * - `mismatched-markers`: WordAudioMarkers loses its last pair (pair counts differ);
 * - `offsets-outside`: the last WordTextMarkers pair points past the end of SubstitutedText.
 */
export function corruptStats(
  entries: readonly (readonly [string, string | number])[],
  fault: string | undefined,
): [string, string | number][] {
  const out: [string, string | number][] = entries.map(([k, v]) => [k, v]);
  if (fault !== 'odd-markers' && fault !== 'mismatched-markers' && fault !== 'offsets-outside') return out;
  const textLength = String(entries.find(([k]) => k === 'SubstitutedText')?.[1] ?? '').length;
  for (const entry of out) {
    const [key, value] = entry;
    const list = numbers(value);
    if (fault === 'odd-markers' && (key === 'WordAudioMarkers' || key === 'WordTextMarkers')) {
      entry[1] = list.length === 0 ? '0' : list.slice(0, -1).join(',');
    } else if (fault === 'mismatched-markers' && key === 'WordAudioMarkers') {
      entry[1] = list.length === 0 ? '0,32' : list.slice(0, -2).join(',');
    } else if (fault === 'offsets-outside' && key === 'WordTextMarkers') {
      entry[1] = [...list.slice(0, -2), String(textLength + 10), String(textLength + 20)].join(',');
    }
  }
  return out;
}

interface LooseMarker {
  text?: unknown;
  textStart?: unknown;
  textLength?: unknown;
  audioStart?: unknown;
  audioLength?: unknown;
}

/**
 * New-method `wordMarkers` JSON:
 * - `odd-markers`: the last marker loses its `audioLength` (a malformed marker);
 * - `mismatched-markers`: the last marker's text no longer matches the transcript at its offsets;
 * - `offsets-outside`: the last marker's textStart lies 10 characters past every marker's end.
 * An empty list gets one such marker.
 */
export function corruptWordMarkers(json: string, fault: string | undefined): string {
  if (fault !== 'odd-markers' && fault !== 'mismatched-markers' && fault !== 'offsets-outside') return json;
  const markers = JSON.parse(json) as LooseMarker[];
  if (markers.length === 0) markers.push({ audioStart: 0, audioLength: 0.1, textStart: 0, textLength: 1, text: 'x' });
  const last = markers[markers.length - 1] as LooseMarker;
  if (fault === 'odd-markers') {
    delete last.audioLength;
  } else if (fault === 'mismatched-markers') {
    last.text = `${String(last.text)}~mismatch`;
  } else {
    const ends = markers.map((m) => Number(m.textStart) + Number(m.textLength)).filter(Number.isFinite);
    last.textStart = Math.max(0, ...ends) + 10;
  }
  return JSON.stringify(markers);
}
