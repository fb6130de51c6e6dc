/**
 * The options of a run, from the key table (src/config/keys.ts): {@link RunOptions} as a library
 * caller passes them (generated with its docs into src/config/run-options.ts, its types checked
 * against the ones derived here), {@link ResolvedRunOptions} as the pipeline runs with them, the
 * few the CLI alone acts on, and the parts a stage uses. A key added to the table is an option here.
 */
import type { CliKey, KeyAffecting, KeyValues, LibraryKey } from './keys.js';
import type { RunOptions } from './run-options.js';

export type { RunOptions };

/** {@link RunOptions} after defaults and validation (internal): every field present, paths absolute. */
export type ResolvedRunOptions = Readonly<Required<RunOptions>>;

/** The keys only `dictclip run` acts on, resolved (`padMs` has set the paddings already). */
export type CliOnlyOptions = KeyValues<Exclude<CliKey, 'padMs'>>;

/** The resolved options a stage that cuts clips reads: every library key that affects the clips. */
export type ClipOptions = Pick<ResolvedRunOptions, KeyAffecting<'clips'> & LibraryKey>;

/** The resolved options that shape a dictation (the service's identity aside). */
export type DictationOptions = Pick<ResolvedRunOptions, KeyAffecting<'dictation'> & LibraryKey>;
