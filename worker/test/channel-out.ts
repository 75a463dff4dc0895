import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { expect } from 'vitest';
import { sendChannelOutbox } from '../src/modules/channel';
import { adminCookie, count } from './builders';
import { call, ORIGIN, runWorker, type CallInit } from './helpers';

/**
 * The channel link's outbound tests' shared parts (modules/channel/sender*.test.ts): a request
 * through the whole worker that waits for what it left running (the send after a write, as a
 * worker's `waitUntil` does), what the fake channel manager holds per night, the pushes counted on
 * their way to it, and the link set up with everything sent.
 */

export { ORIGIN };

/** `call`, a POST when it carries JSON (the method given otherwise). */
export const send = (path: string, init: CallInit = {}) =>
  call(path, { method: init.json === undefined ? 'GET' : 'POST', ...init });

export type AriNight = {
  date: string;
  availability: number | null;
  priceBaisa: number | null;
  stopSell: boolean | null;
};

/** What the fake holds per night of a room type and rate plan (GET /api/dev/channel/ari). */
export async function ari(roomType: string, ratePlan: string, from: string, to = from): Promise<AriNight[]> {
  const res = await send(`/api/dev/channel/ari?${new URLSearchParams({ roomType, ratePlan, from, to })}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

export const db = () => drizzle(env.DB);
export const outboxDepth = () => count('select count(*) as n from channel_outbox');

export type Pushed = { kind: string; values: number; bytes: number };

/** A fetch for the sender that counts its pushes (values, bytes) on their way to the fake. */
export function recordingFetch(pushed: Pushed[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input instanceof URL ? input.toString() : input, init);
    const kind = new URL(request.url).pathname.split('/').pop()!;
    if (request.method === 'POST' && (kind === 'availability' || kind === 'restrictions')) {
      const text = await request.clone().text();
      pushed.push({
        kind,
        values: (JSON.parse(text) as { values: unknown[] }).values.length,
        bytes: new TextEncoder().encode(text).length,
      });
    }
    return runWorker(request as Request);
  };
}

/**
 * Every night of every type at the fake (the test harness leaves the seed's rows unsent and the
 * link off): the link switched on, a full sync sent. For a file's beforeAll.
 */
export async function everythingSent() {
  await env.DB.prepare('update channel_state set enabled = 1').run();
  const sync = await send('/api/admin/channel/full-sync', { method: 'POST', cookie: await adminCookie() });
  expect(sync.status).toBe(202);
  for (let i = 0; i < 5 && (await outboxDepth()) > 0; i += 1) await sendChannelOutbox(env, db(), ORIGIN);
  expect(await outboxDepth()).toBe(0);
}

/** A fresh minute for the fake's limit and ours, no fault, backoff or error left from a test before. */
export async function freshMinute() {
  await env.DB.batch([
    env.DB.prepare('delete from fake_channex_calls'),
    env.DB.prepare('delete from fake_channex_faults'),
    env.DB.prepare(
      `update channel_state set enabled = 1, backoff_until = 0, backoff_attempts = 0, lease_until = 0,
        availability_calls = '[]', restrictions_calls = '[]', errors = '[]'`,
    ),
  ]);
}
