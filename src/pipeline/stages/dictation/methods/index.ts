/**
 * The marker methods, one file each, in one table: the `markers` option names a row. A new
 * method (reference alignment next) is a file filling in {@link MarkerMethodStrategy} and a row here.
 */
import type { MarkerMethod } from '../../../../markers/index.js';
import { NEW_METHOD } from './new.js';
import { OLD_METHOD } from './old.js';
import type { MarkerMethodStrategy } from './types.js';
import { WEBSOCKET_METHOD } from './websocket.js';

export type { DictateContext, DictationOutcome, MarkerMethodStrategy } from './types.js';

/** Every marker method by the name the `markers` option gives it. */
export const MARKER_METHODS: Readonly<Record<MarkerMethod, MarkerMethodStrategy>> = {
  new: NEW_METHOD,
  old: OLD_METHOD,
  websocket: WEBSOCKET_METHOD,
};
