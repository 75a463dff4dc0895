import { Hono } from 'hono';
import { z } from '@shared/zod';
import { emailSchema } from '@shared/email-schema';
import type { AppEnv } from '../../../platform/env';
import { requireUser } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { chainPoints } from '../../../platform/chain-points';
import { checkMayReadPoints, pointsBalance } from '../points';

/**
 * GET /api/user-points/:email: a user's balance and the most
 * recent points earned, for the user themself or staff only. Polled with an ETag.
 * In a chain (decision 103) the balance the guest reads is the chain's: this hotel's, and the account's points at
 * the other hotels (`elsewhere`, one read each; part of the ETag, which this hotel's counters
 * alone would not change).
 */
export const userPointsRoutes = new Hono<AppEnv>().get(
  '/:email',
  requireUser,
  validate('param', z.object({ email: emailSchema })),
  async (c) => {
    const { email } = c.req.valid('param');
    checkMayReadPoints(c.get('user'), email);
    // Only the guest themself sees the points held at the chain's other hotels: a hotel's staff
    // see this hotel's ledger alone (nothing of another hotel).
    const own = c.get('user').email === email;
    const elsewhere = (own ? await chainPoints(c.env)?.elsewhere(c.env, email) : null) ?? [];
    const away = elsewhere.reduce((sum, h) => sum + h.points, 0);
    await answerIfChanged(c, ['points'], away ? `balance:${email}:${away}` : `balance:${email}`);
    const balance = await pointsBalance(c.get('db'), email);
    c.header('Cache-Control', 'no-store');
    return c.json(away ? { ...balance, totalPoints: balance.totalPoints + away, elsewhere } : balance);
  },
);
