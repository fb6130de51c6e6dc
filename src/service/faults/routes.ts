/** Route names of the service's paths, for restricting faults to some calls. */
import type { RouteName } from './spec.js';

const DICTATION = /^\/SCDictation\/rest\/[^/]+\/dictations\/[^/]+/;

const SUFFIXES: [string, RouteName][] = [
  ['/done', 'done'], ['/text', 'text'], ['/audio/stats', 'audio-stats'], ['/text/stats', 'text-stats'],
  ['/stats/ClientObserverUrl', 'observer'], ['/cancel', 'cancel'],
];

/** The route name of a request path (query ignored); `other` for anything unknown. */
export function routeNameOf(method: string, rawPath: string): RouteName {
  const path = rawPath.split('?')[0] ?? '';
  if (/^\/SCFileserver\/audio\/?$/.test(path)) return method === 'POST' ? 'upload' : 'other';
  if (/^\/SCFileserver\/audio\/[^/]+\/[^/]+$/.test(path)) return 'download';
  if (/^\/SCDictation\/rest\/account\/password$/.test(path)) return 'password';
  if (/^\/SCDictation\/rest\/[^/]+\/factory\/dictations\/?$/.test(path)) return 'create';
  if (/^\/SCDictation\/rest\/[^/]+\/observers\/[^/]+\/deregister$/.test(path)) return 'deregister';
  if (/^\/SCDictation\/websocket\/?$/.test(path)) return 'websocket';
  const dictation = DICTATION.exec(path);
  if (dictation !== null) {
    const rest = path.slice(dictation[0].length);
    if (rest === '' || rest === '/') return 'dictation';
    for (const [suffix, name] of SUFFIXES) if (rest === suffix) return name;
  }
  return 'other';
}

/** Calls that store something: a retry after a lost answer leaves an orphan. */
export function isNonIdempotent(route: RouteName): boolean {
  return route === 'upload' || route === 'create';
}
