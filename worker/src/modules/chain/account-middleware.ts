import { createMiddleware } from 'hono/factory';
import { emailSchema } from '@shared/email-schema';
import type { AppEnv } from '../../platform/env';
import { accountByEmail } from './chain-database';
import { syncMirror } from './mirrors';
import { pushHotel } from './push';

/**
 * Before the accounts module reads an e-mail's account (a sign-in, a registration, a reset, a code
 * sent again; docs/decisions/103, "Accounts"): the chain's account of that e-mail is mirrored here,
 * written if this hotel does not know it, brought up to date if it changed elsewhere since. One
 * read of the chain; nothing when the body names no address. A failure of the chain only logs:
 * the hotel's own accounts still sign in.
 */
export const mirrorChainAccount = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.CHAIN_DB && c.req.method === 'POST') {
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = emailSchema.safeParse((body as { email?: unknown } | null)?.email);
    if (parsed.success) {
      try {
        const account = await accountByEmail(c.env.CHAIN_DB, parsed.data);
        if (account) await syncMirror(c.get('db'), account, { create: true });
      } catch (err) {
        console.log(JSON.stringify({ msg: 'chain-mirror-failed', error: String(err) }));
      }
    }
  }
  await next();
});

/**
 * After a write the chain should hear of at once (a day closed, an account verified or reset, a
 * staff account changed), this hotel's outbox is pushed after the answer; the minute cron pushes
 * the rest.
 */
export const pushAfterWrite = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.env.CHAIN_DB || c.req.method === 'GET' || c.res.status >= 400) return;
  c.executionCtx.waitUntil(
    pushHotel(c.env).catch((err: unknown) =>
      console.log(JSON.stringify({ msg: 'chain-push-failed', error: String(err) })),
    ),
  );
});
