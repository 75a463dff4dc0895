import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../platform/rate-limit';
import { count, json } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';

/**
 * A guest writes to the desk as a person does, not as a script: the attack of
 * docs/security/attack-2026-11-27.md posted 200 messages in a few seconds from one account, each
 * stored, each raising the staff's push. Past LIMITS.guestMessages in its window the guest is
 * asked to wait (429 with Retry-After, in their language; nothing stored), and the offline queue's
 * retry of a message already kept is still answered as it was.
 */
const say = (cookie: string, text: string, headers: Record<string, string> = {}, lang?: 'ar' | 'en') =>
  call('/api/messages', { method: 'POST', cookie, json: { text }, headers, lang });

describe('a guest flooding the desk', () => {
  it('is asked to wait past the limit; a retry of a kept message is answered as before', async () => {
    const guest = await signUp('Flood Guest');
    const first = await say(guest.cookie, 'first', { 'idempotency-key': 'flood-first' });
    expect(first.status).toBe(201);
    for (let i = 1; i < LIMITS.guestMessages.max; i++) {
      const res = await say(guest.cookie, `message ${i}`);
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const stored = () =>
      count(
        `select count(*) as n from conversation_messages m join conversation_threads t on t.id = m.thread_id
         where t.user_id = (select id from users where email = ?)`,
        guest.email,
      );
    expect(await stored()).toBe(LIMITS.guestMessages.max);

    const ar = await say(guest.cookie, 'one too many', {}, 'ar');
    expect(ar.status).toBe(429);
    expect(Number(ar.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await json<{ error: { code: string; message: string } }>(ar);
    expect(body.error.code).toBe('too_many_requests');
    expect(body.error.message).toMatch(/[\u0600-\u06ff]/);
    expect(await stored()).toBe(LIMITS.guestMessages.max);

    // The offline queue sends the first message again: the same answer, nothing new.
    const again = await say(guest.cookie, 'first', { 'idempotency-key': 'flood-first' });
    expect(again.status).toBe(201);
    expect(await stored()).toBe(LIMITS.guestMessages.max);

    // Another guest is not held back by this one.
    const other = await signUp('Calm Guest');
    expect((await say(other.cookie, 'hello')).status).toBe(201);
  });
});
