/**
 * Issue 30 item 13: the review server answers only to the names and addresses it listens on (and
 * the public hosts given), whatever `--host` is, so a DNS-rebinding page (its own name resolving
 * to this machine) reads no token and saves nothing; serving beyond this machine without a token
 * the user chose gives a warning; with one, every request must carry it.
 */
import { networkInterfaces } from 'node:os';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReview, type RunningReview } from '../../src/review/index.js';
import { writeHelloRun } from '../dataset/fixture.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';

let runDir: string;
const open: RunningReview[] = [];

beforeAll(async () => {
  ({ runDir } = await writeHelloRun(await tempDir('review-host')));
});

afterAll(async () => {
  for (const review of open) await review.close();
  await removeTempDirs();
});

async function start(options: { host?: string; publicHosts?: string[]; token?: string }): Promise<RunningReview> {
  const review = await startReview({ runDir, port: 0, ...options });
  open.push(review);
  return review;
}

/** A request to the server (always over loopback) naming `host` in Host. */
async function call(
  review: RunningReview,
  pathname: string,
  host: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await request(`http://127.0.0.1:${review.port}${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { host, ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

const WARNING = (port: number): string =>
  `the review listens on 0.0.0.0:${port}, beyond this machine, without a token you chose: anyone who can reach it ` +
  'can read the run, its audio and its transcripts, and save corrections through the page. Give a token (DICTCLIP_REVIEW_TOKEN, then open the page with ?token=<it>), or listen on 127.0.0.1.';

describe('the review off loopback (issue 30 item 13)', () => {
  it('on 0.0.0.0 refuses a rebinding name: no page, no token, no save; answers its own addresses', async () => {
    const review = await start({ host: '0.0.0.0', publicHosts: ['review.lan'] });
    const evil = `rebind.example:${review.port}`;
    const page = await call(review, '/', evil);
    expect([page.status, page.text.includes(review.token)]).toEqual([421, false]);
    const save = await call(review, '/api/save', evil, {
      headers: { origin: `http://${evil}`, 'content-type': 'application/json', 'x-dictclip-token': review.token },
      body: { source: 'a.wav', revision: '0', text: 'rebound' },
    });
    expect(save.status).toBe(421);
    expect((await call(review, '/', `0.0.0.0:${review.port}`)).status).toBe(421);
    const own = Object.values(networkInterfaces()).flat().filter((a) => a?.family === 'IPv4').map((a) => a!.address);
    for (const name of [...own, 'localhost', 'REVIEW.lan', 'review.lan'])
      expect((await call(review, '/', `${name}:${review.port}`)).status, name).toBe(200);
    expect(review.url).toBe(`http://127.0.0.1:${review.port}/`);
    expect(review.warnings).toEqual([WARNING(review.port)]);
  });

  it('with a token the user chose: no warning, every request carries it (the page once with ?token= sets the cookie)', async () => {
    const token = 'a-token-the-user-chose';
    const review = await start({ host: '0.0.0.0', token });
    expect(review.warnings).toEqual([]);
    const host = `127.0.0.1:${review.port}`;
    expect((await call(review, '/', host)).status).toBe(401);
    expect((await call(review, '/api/recordings', host)).status).toBe(401);
    expect((await call(review, '/?token=wrong-token-of-22-chars', host)).status).toBe(401);
    const enter = await call(review, `/?token=${token}`, host);
    expect([enter.status, enter.headers['location'], enter.headers['set-cookie']]).toEqual([
      303,
      '/',
      `dictclip-review=${token}; HttpOnly; SameSite=Strict; Path=/`,
    ]);
    const cookie = { cookie: `dictclip-review=${token}` };
    expect((await call(review, '/', host, { headers: cookie })).status).toBe(200);
    expect((await call(review, '/api/recordings', host, { headers: cookie })).status).toBe(200);
  });

  it('on loopback warns of nothing and keeps its loopback names', async () => {
    const review = await start({});
    expect(review.warnings).toEqual([]);
    expect((await call(review, '/', `[::1]:${review.port}`)).status).toBe(200);
    expect((await call(review, '/', `rebind.example:${review.port}`)).status).toBe(421);
  });
});
