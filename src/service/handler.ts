/**
 * The request handler: route, authenticate, apply the per-user limit, run the route, and turn
 * every failure into an XML error body (never a stack trace; unexpected failures are logged
 * through `options.log`). Logs one line per request: method, path, status, duration.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Authenticator, BAD_CREDENTIALS, PASSWORD_CHANGE_REQUIRED, TOO_MANY_LOGINS } from './authenticate.js';
import type { ServiceContext } from './context.js';
import { HttpError, toErrorResponse } from './error-responses.js';
import { baseUrl, send } from './http-util.js';
import { withDictationFault } from './faults/index.js';
import { matchRoute } from './router.js';
import { errorXml } from './render-xml.js';

const CHALLENGE = { 'WWW-Authenticate': 'Basic realm="dictclip"' };

/** Create the `request` listener of the service's http.Server. */
export function createRequestHandler(service: ServiceContext): (req: IncomingMessage, res: ServerResponse) => void {
  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const match = matchRoute(req.method ?? 'GET', path);
    const route = match.kind === 'found' ? match.route.name : 'other';
    if (service.faults !== undefined && (await service.faults.maybeFault(req, res, route))) return;
    if (match.kind === 'not-found') throw new HttpError(404, 'E_NOT_FOUND', `No such resource: ${path}`);
    if (match.kind === 'method-not-allowed') {
      throw new HttpError(405, 'E_METHOD_NOT_ALLOWED', `Method ${req.method ?? ''} is not allowed here; use ${match.allow}.`, {
        headers: { Allow: match.allow },
      });
    }
    const creds = Authenticator.parseHeader(req.headers.authorization);
    const auth = creds === undefined ? { ok: false as const } : await service.auth.authenticate(creds, req.socket.remoteAddress ?? '');
    if (!auth.ok && auth.retryAfterS !== undefined) {
      throw new HttpError(429, 'E_THROTTLED', TOO_MANY_LOGINS, { headers: { 'Retry-After': String(auth.retryAfterS) } });
    }
    if (!auth.ok) throw new HttpError(401, 'E_AUTH', BAD_CREDENTIALS, { headers: CHALLENGE });
    if (auth.mustChangePassword && match.route.allowUnchangedPassword !== true) {
      throw new HttpError(403, 'E_PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED);
    }
    const release = service.slots.acquire(auth.user);
    if (release === undefined) throw new HttpError(503, 'E_BUSY', service.slots.busyMessage(), { headers: { 'Retry-After': '1' } });
    res.once('close', release);
    await withDictationFault(match.route.name, match.handler)({
      req,
      res,
      params: match.params,
      user: auth.user,
      tenant: auth.tenant,
      base: baseUrl(req, service.listenAddress, service.options.publicUrl),
      service,
    });
  }

  return (req, res) => {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    res.once('close', () => {
      const ms = Math.round(performance.now() - started);
      service.options.log(`${req.method ?? '?'} ${path} ${res.headersSent ? res.statusCode : 0} ${ms}ms`);
    });
    handle(req, res, path).catch((error: unknown) => {
      const response = toErrorResponse(error);
      if (response.internal) {
        const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        service.options.log(`internal error on ${req.method ?? '?'} ${path}: ${detail}`);
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // Discard an unread request body (e.g. after 413) so the connection stays usable.
      if (!req.complete) req.resume();
      send(res, response.status, 'text/xml; charset=utf-8', errorXml(response.status, response.code, response.message), { ...response.headers });
    });
  };
}
