/**
 * What the options contribute to the dictation and clip fingerprints (src/pipeline/recording/state.ts), to
 * run.json's run fingerprint and to its readable option list, read from the key table: each key
 * says what it affects and where it sits in that fingerprint (`fingerprint` of its row). A key
 * added to the table enters the fingerprints without any change here or in the pipeline.
 */
import { KEYS, type KeySpec } from './keys.js';

/** Option values by key (a resolved options object, or part of one). */
export type OptionValues = Readonly<Record<string, unknown>>;

/** Values the pipeline computes for the keys marked `via`: the service identity and the reference transcripts. */
export interface ProvidedValues {
  readonly service?: string;
  /** `edits`: the hash of a correction's word edits (dictclip review), absent without. */
  readonly reference?: { readonly sha256: string; readonly align: 'text' | 'acoustic'; readonly edits?: string } | undefined;
}

/** True when `value` is the key's default (unset, the table's default, or an empty list). */
export function atDefault(spec: KeySpec, value: unknown): boolean {
  return value === undefined || value === spec.default || (Array.isArray(value) && value.length === 0);
}

/** The library keys that affect `what`, in fingerprint order: by `since` (none = last), then table order. */
export function fingerprintKeys(what: 'dictation' | 'clips', keys: readonly KeySpec[] = KEYS): KeySpec[] {
  const since = (spec: KeySpec): number => spec.fingerprint?.since ?? Number.POSITIVE_INFINITY;
  return keys.filter((spec) => spec.affects === what && spec.appliesTo === 'library').sort((a, b) => since(a) - since(b));
}

/**
 * The fields `options` add to the fingerprint of `what`, in the layout earlier versions wrote:
 * generation-0 keys always (unset as null); the others only when not at their default, a group
 * as one nested object of all its keys (unset ones at their default) when any of them is set.
 */
export function fingerprintFields(
  what: 'dictation' | 'clips',
  options: OptionValues,
  provided: ProvidedValues = {},
  keys: readonly KeySpec[] = KEYS,
): Record<string, unknown> {
  const ordered = fingerprintKeys(what, keys);
  const fields: Record<string, unknown> = {};
  for (const spec of ordered) {
    const place = spec.fingerprint ?? {};
    if (place.via !== undefined) {
      const value = provided[place.via];
      if (value !== undefined && !(place.via in fields)) fields[place.via] = value;
    } else if (place.nestedIn !== undefined) {
      if (place.nestedIn in fields) continue;
      const members = ordered.filter((other) => other.fingerprint?.nestedIn === place.nestedIn);
      if (members.every((member) => atDefault(member, options[member.key]))) continue;
      const nested: Record<string, unknown> = {};
      for (const member of members) nested[member.key] = options[member.key] ?? (member.type.kind === 'list' ? [] : member.default);
      for (const member of members) Object.assign(nested, revisionField(member, options[member.key]));
      fields[place.nestedIn] = nested;
    } else if (place.since === 0) {
      fields[spec.key] = options[spec.key] ?? null;
    } else if (!atDefault(spec, options[spec.key])) {
      fields[spec.key] = options[spec.key];
      Object.assign(fields, revisionField(spec, options[spec.key]));
    }
  }
  return fields;
}

function revisionField(spec: KeySpec, value: unknown): Record<string, number> {
  const revision = spec.fingerprint?.revision;
  return revision === undefined || atDefault(spec, value) ? {} : { [revision[0]]: revision[1] };
}

/**
 * The library keys marked `selection` that `options` set (not unset, not at the table's default;
 * an empty list counts, as earlier versions recorded it), in table order: what run.json adds to
 * its option list and its run fingerprint (src/pipeline/recording/state.ts runFingerprint), never to a
 * recording's fingerprint.
 */
export function selectionFields(options: OptionValues, keys: readonly KeySpec[] = KEYS): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const spec of keys) {
    const value = options[spec.key];
    if (spec.affects === 'selection' && spec.appliesTo === 'library' && value !== undefined && value !== spec.default)
      fields[spec.key] = value;
  }
  return fields;
}

/**
 * run.json's readable list of what the output was made with: the service's identity, every
 * library key that affects the dictation or the clips (unset ones, and keys added since the first layout at their default, left out), with
 * reference
 * transcripts their hash and the alignment method, then the keys that chose the recordings
 * ({@link selectionFields}).
 */
export function recordedOptions(
  options: OptionValues,
  provided: ProvidedValues & { service: string },
  keys: readonly KeySpec[] = KEYS,
): Record<string, unknown> {
  const readable: Record<string, unknown> = { service: provided.service };
  for (const spec of keys) {
    if ((spec.affects !== 'dictation' && spec.affects !== 'clips') || spec.appliesTo !== 'library' || spec.fingerprint?.via !== undefined)
      continue;
    // A key without a place (added since) is listed, as it enters its fingerprint, only when not at its default.
    if (spec.fingerprint === undefined && atDefault(spec, options[spec.key])) continue;
    if (options[spec.key] !== undefined) readable[spec.key] = options[spec.key];
  }
  const { reference } = provided;
  if (reference !== undefined) Object.assign(readable, { references: reference.sha256, align: reference.align });
  return Object.assign(readable, selectionFields(options, keys));
}
