/**
 * Password change (extension): `POST /SCDictation/rest/account/password`, form `newPassword`
 * (and optionally `password`, which must then equal the current one), Basic auth with the current
 * password. The only call an account whose password was never changed may make.
 */
import { DictclipError } from '../../errors.js';
import { setPassword } from '../accounts.js';
import type { RequestContext } from '../context.js';
import { badRequest, HttpError } from '../error-responses.js';
import { readForm, sendText } from '../http-util.js';
import { Authenticator, BAD_CREDENTIALS } from '../authenticate.js';

/** POST /SCDictation/rest/account/password → 200. */
export async function changePassword(ctx: RequestContext): Promise<void> {
  const creds = Authenticator.parseHeader(ctx.req.headers.authorization);
  if (creds?.scheme !== 'basic') {
    throw new HttpError(401, 'E_AUTH', 'Changing the password requires Basic authentication with the current password.', {
      headers: { 'WWW-Authenticate': 'Basic realm="dictclip"' },
    });
  }
  const form = await readForm(ctx.req);
  const current = form.get('password');
  if (current !== null && current !== creds.password) {
    throw new HttpError(401, 'E_AUTH', BAD_CREDENTIALS, { headers: { 'WWW-Authenticate': 'Basic realm="dictclip"' } });
  }
  const newPassword = form.get('newPassword');
  if (newPassword === null) throw badRequest('Form field newPassword is required.');
  if (newPassword === creds.password) throw badRequest('The new password must differ from the current one.');
  try {
    await setPassword(ctx.service.options.dataDir, ctx.user, newPassword);
  } catch (error) {
    if (error instanceof DictclipError && error.code === 'E_ACCOUNT') throw badRequest(error.message);
    throw error;
  }
  ctx.service.auth.invalidate();
  sendText(ctx.res, 'true');
}
