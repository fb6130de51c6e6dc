/**
 * The routing table of the embedded service: every call of spec section 4 and the extensions of
 * docs/design.md. Unknown paths are 404, known paths with another method 405 (with `Allow`).
 */
import type { RequestContext } from './context.js';
import { changePassword } from './routes/account.js';
import { createDictation } from './routes/create.js';
import { cancelDictation, deregisterObserver, getDictation, getDone, getObserverUrl, getText } from './routes/dictations.js';
import { getAudioStats, getTextStats } from './routes/stats.js';
import { downloadAudio, uploadAudio } from './routes/upload.js';

export type Handler = (ctx: RequestContext) => Promise<void> | void;

export interface Route {
  pattern: RegExp;
  methods: Partial<Record<'GET' | 'POST', Handler>>;
  /** True for the one call allowed while the account's password must be changed. */
  allowUnchangedPassword?: boolean;
}

const DICTATION = '^/SCDictation/rest/(?<tenant>[^/]+)/dictations/(?<id>[^/]+)';

export const ROUTES: readonly Route[] = [
  { pattern: /^\/SCFileserver\/audio\/?$/, methods: { POST: uploadAudio } },
  { pattern: /^\/SCFileserver\/audio\/(?<tenant>[^/]+)\/(?<id>[^/]+)$/, methods: { GET: downloadAudio } },
  { pattern: /^\/SCDictation\/rest\/account\/password$/, methods: { POST: changePassword }, allowUnchangedPassword: true },
  { pattern: /^\/SCDictation\/rest\/[^/]+\/factory\/dictations\/?$/, methods: { POST: createDictation } },
  { pattern: new RegExp(`${DICTATION}$`), methods: { GET: getDictation } },
  { pattern: new RegExp(`${DICTATION}/done$`), methods: { GET: getDone } },
  { pattern: new RegExp(`${DICTATION}/text$`), methods: { GET: getText } },
  { pattern: new RegExp(`${DICTATION}/audio/stats$`), methods: { GET: getAudioStats } },
  { pattern: new RegExp(`${DICTATION}/text/stats$`), methods: { GET: getTextStats } },
  { pattern: new RegExp(`${DICTATION}/stats/ClientObserverUrl$`), methods: { GET: getObserverUrl } },
  { pattern: new RegExp(`${DICTATION}/cancel$`), methods: { POST: cancelDictation } },
  { pattern: /^\/SCDictation\/rest\/(?<tenant>[^/]+)\/observers\/(?<id>[^/]+)\/deregister$/, methods: { GET: deregisterObserver } },
];

export type RouteMatch =
  | { kind: 'found'; route: Route; handler: Handler; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allow: string };

/** Find the route of a path and method. */
export function matchRoute(method: string, path: string): RouteMatch {
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (match === null) continue;
    const handler = route.methods[method as 'GET' | 'POST'];
    if (handler === undefined) return { kind: 'method-not-allowed', allow: Object.keys(route.methods).join(', ') };
    return { kind: 'found', route, handler, params: { ...match.groups } };
  }
  return { kind: 'not-found' };
}
