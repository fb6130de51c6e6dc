/**
 * The routing table of the embedded service: every call of spec section 4 and the extensions of
 * docs/design.md. Unknown paths are 404, known paths with another method 405 (with `Allow`).
 */
import type { Handler } from './context.js';
import type { RouteName } from './faults/spec.js';
import { changePassword } from './routes/account.js';
import { createDictation } from './routes/create.js';
import { cancelDictation, deregisterObserver, getDictation, getDone, getObserverUrl, getText } from './routes/dictations.js';
import { getAudioStats, getTextStats } from './routes/stats.js';
import { downloadAudio, uploadAudio } from './routes/upload.js';

export interface Route {
  /** The call's name (fault injection can be restricted to names). */
  name: RouteName;
  pattern: RegExp;
  methods: Partial<Record<'GET' | 'POST', Handler>>;
  /** True for the one call allowed while the account's password must be changed. */
  allowUnchangedPassword?: boolean;
}

const DICTATION = '^/SCDictation/rest/(?<tenant>[^/]+)/dictations/(?<id>[^/]+)';

export const ROUTES: readonly Route[] = [
  { name: 'upload', pattern: /^\/SCFileserver\/audio\/?$/, methods: { POST: uploadAudio } },
  { name: 'download', pattern: /^\/SCFileserver\/audio\/(?<tenant>[^/]+)\/(?<id>[^/]+)$/, methods: { GET: downloadAudio } },
  { name: 'password', pattern: /^\/SCDictation\/rest\/account\/password$/, methods: { POST: changePassword }, allowUnchangedPassword: true },
  { name: 'create', pattern: /^\/SCDictation\/rest\/[^/]+\/factory\/dictations\/?$/, methods: { POST: createDictation } },
  { name: 'dictation', pattern: new RegExp(`${DICTATION}$`), methods: { GET: getDictation } },
  { name: 'done', pattern: new RegExp(`${DICTATION}/done$`), methods: { GET: getDone } },
  { name: 'text', pattern: new RegExp(`${DICTATION}/text$`), methods: { GET: getText } },
  { name: 'audio-stats', pattern: new RegExp(`${DICTATION}/audio/stats$`), methods: { GET: getAudioStats } },
  { name: 'text-stats', pattern: new RegExp(`${DICTATION}/text/stats$`), methods: { GET: getTextStats } },
  { name: 'observer', pattern: new RegExp(`${DICTATION}/stats/ClientObserverUrl$`), methods: { GET: getObserverUrl } },
  { name: 'cancel', pattern: new RegExp(`${DICTATION}/cancel$`), methods: { POST: cancelDictation } },
  { name: 'deregister', pattern: /^\/SCDictation\/rest\/(?<tenant>[^/]+)\/observers\/(?<id>[^/]+)\/deregister$/, methods: { GET: deregisterObserver } },
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

/** The name of the call a request makes (query ignored); `other` for unknown paths and methods. */
export function routeNameOf(method: string, rawPath: string): RouteName {
  const match = matchRoute(method, rawPath.split('?')[0] ?? '');
  return match.kind === 'found' ? match.route.name : 'other';
}
