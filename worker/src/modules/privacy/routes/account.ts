import { Hono } from 'hono';
import { eraseAccountSchema } from '@shared/account-schemas';
import { hotelToday } from '@shared/dates';
import type { AppEnv } from '../../../platform/env';
import { requireUser } from '../../../platform/auth-middleware';
import { clearSessionCookies } from '../../../platform/session-cookies';
import { sessionsEnded } from '../../../platform/session-hooks';
import { validate } from '../../../platform/validation';
import { eraseAccount, erasureMethod, exportAccountData } from '../account-data';
import { translate } from '../../../platform/messages';
import { ApiError } from '../../../platform/api-error';
import { chainErasure } from '../../../platform/chain-erasure';

/**
 * /api/account: a guest's own data (Oman's Personal Data Protection Law; the rules in
 * modules/privacy/account-data.ts, docs/decisions/043-a-guests-own-data.md). Signed in, one's own account
 * only: how erasure is confirmed, the export as a JSON download, and the erasure itself.
 */
export const accountRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ erasure: await erasureMethod(c.get('db'), c.get('user').id) });
  })
  .get('/export', requireUser, async (c) => {
    const { email } = c.get('user');
    // The account is the chain's: what the other hotels it is known at hold about it comes with it.
    const [data, otherHotels] = await Promise.all([
      exportAccountData(c.get('db'), c.get('user'), c.get('session').idHash),
      chainErasure(c.env)?.exportsElsewhere(c.env, email) ?? [],
    ]);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="my-data-${hotelToday()}.json"`);
    return c.json(otherHotels.length > 0 ? { ...data, otherHotels } : data);
  })
  .delete('/', requireUser, validate('json', eraseAccountSchema), async (c) => {
    // The account is the chain's: a hotel of the chain that holds it back refuses it here too.
    const chain = chainErasure(c.env);
    const hold = await chain?.heldElsewhere(c.env, c.get('user').email);
    if (hold === 'staff') throw new ApiError(403, 'erase_staff_elsewhere');
    if (hold === 'bookings') throw new ApiError(409, 'erase_live_bookings_elsewhere');
    const { imageKeys } = await eraseAccount(c.get('db'), c.env, c.get('user'), c.req.valid('json'));
    // The chain hears of it before the answer (its account and other mirrors go); if it cannot, the
    // erasure's row in the outbox has the minute cron finish it, and no sign-in here brings it back.
    await chain
      ?.erased(c.env)
      .catch((error: unknown) =>
        console.log(JSON.stringify({ msg: 'chain-erasure-not-pushed', error: String(error) })),
      );
    // The session rows went in the erasure's batch; the cookies and live sockets go now.
    clearSessionCookies(c);
    await sessionsEnded(c.env, { userId: c.get('user').id });
    if (imageKeys.length > 0) {
      c.executionCtx.waitUntil(
        c.env.IMAGES.delete(imageKeys).catch((error: unknown) =>
          console.log(JSON.stringify({ msg: 'erased-images-not-deleted', error: String(error) })),
        ),
      );
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ message: translate('account_erased', c.get('language')) });
  });
