import { describe, expect, it } from 'vitest';
import { statusError, wireCode } from '../../src/client/failures.js';
import { errorXml } from '../../src/service/render-xml.js';

const info = { method: 'GET', url: 'http://127.0.0.1:1/SCDictation/rest/t/dictations/d/text', attempts: 3 };

describe('statusError surfaces the service wire code', () => {
  it('reports E_BUSY, E_NOT_FOUND, E_NOT_DONE from the embedded service error body, not E_HTTP_STATUS', () => {
    for (const [status, code] of [[503, 'E_BUSY'], [404, 'E_NOT_FOUND'], [409, 'E_NOT_DONE'], [413, 'E_TOO_LARGE']] as const) {
      const error = statusError(status, errorXml(status, code, 'a message'), 200, info);
      expect([error.code, error.context.status, error.message]).toEqual([code, status, `GET ${info.url} answered HTTP ${status} ${code} (expected 200) after 3 attempts`]);
    }
  });

  it('keeps E_HTTP_STATUS for a body without a known code, and E_AUTH for 401/403', () => {
    expect(statusError(500, '<html>oops</html>', 200, info).code).toBe('E_HTTP_STATUS');
    expect(statusError(500, '<error><code>E_SOMETHING_ELSE</code></error>', 200, info).code).toBe('E_HTTP_STATUS');
    expect(wireCode('<error><code>E_CONFIG</code></error>')).toBeUndefined(); // not a wire code
    expect(statusError(403, errorXml(403, 'E_PASSWORD_CHANGE_REQUIRED', 'change it'), 200, info).code).toBe('E_AUTH');
  });
});
