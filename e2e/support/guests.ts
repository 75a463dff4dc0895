import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures';
import { uniqueSuffix } from './desk';

/**
 * Guests for the journeys: the one way a journey signs a guest up when the sign-up screens are
 * not what it tests (account.spec.ts tests those).
 */

/** The newest six-digit code e-mailed to `email` (dev mailbox), polled until it arrives. */
export async function readCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        if (!res.ok()) return '';
        const mails = (await res.json()) as { text: string }[];
        code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

/** A verified guest made through the API; `request`'s context is then signed in as them. */
export async function registerGuest(request: APIRequestContext, fullName: string) {
  const account = { fullName, email: `g-${uniqueSuffix()}@example.com`, password: 'guest-pass-123' };
  expect((await request.post('/api/auth/register', { data: account })).status()).toBe(201);
  const verificationCode = await readCode(request, account.email);
  const verified = await request.post('/api/auth/verify-email', {
    data: { email: account.email, verificationCode },
  });
  expect(verified.ok()).toBe(true);
  const me = await request.get('/api/auth/me');
  expect(me.ok()).toBe(true);
  return account;
}
