/**
 * A wrong or unreachable `--base-url`, told apart from a recording's own failure: before any
 * dictation succeeded, a connection error (the client does not retry a refused connection or an
 * unknown host it never reached) or a 404 answer means the URL does not lead to a dictation
 * service. The run then stops with one `E_BASE_URL` message naming the flag, the URL tried and
 * the shape of a correct one.
 */
import { DictclipError, redactUrl } from '../../errors.js';

const SHAPE =
  'A correct --base-url is the root of the dictation service, scheme, host and port only, e.g. https://dictation.example.com ' +
  'or http://127.0.0.1:8080 (dictclip adds /SCFileserver/… and /SCDictation/… itself; no trailing path).';

/**
 * The `E_BASE_URL` error for a failure seen before any dictation succeeded against a remote
 * service (`baseUrl` set), or undefined when the failure is the recording's own.
 */
export function baseUrlError(error: DictclipError, baseUrl: string | undefined, dictatedOk: boolean): DictclipError | undefined {
  if (baseUrl === undefined || dictatedOk) return undefined;
  const tried = error.context.url === undefined ? '' : ` (${error.context.method ?? 'request'} ${error.context.url})`;
  const base = baseUrl.includes('@') ? redactUrl(baseUrl) : baseUrl;
  if (error.code === 'E_NETWORK') {
    return new DictclipError('E_BASE_URL', `nothing answers at --base-url ${base}: ${error.message}. ${SHAPE} Check the host, the port and that the service runs.`, {
      ...error.context,
      key: 'baseUrl',
      cause: error,
    });
  }
  if ((error.code === 'E_HTTP_STATUS' || error.code === 'E_NOT_FOUND') && error.context.status === 404) {
    return new DictclipError('E_BASE_URL', `--base-url ${base} does not lead to a dictation service: the first upload${tried} answered 404 Not Found. ${SHAPE}`, {
      ...error.context,
      key: 'baseUrl',
      cause: error,
    });
  }
  return undefined;
}
