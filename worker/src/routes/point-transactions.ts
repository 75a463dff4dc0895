import { Hono } from 'hono';
import { z } from 'zod';
import { emailSchema } from '../../../shared/src/email-schema';
import type { AppEnv } from '../env';
import { requireUser } from '../http/auth';
import { validate } from '../http/validation';
import { answerIfChanged } from '../http/versions';
import { checkMayReadPoints, pointHistory } from '../lib/points';

/**
 * GET /api/point-transactions/:email: a user's points ledger, newest first, for the user
 * themself or staff only. Polled with an ETag.
 */
export const pointTransactionRoutes = new Hono<AppEnv>().get(
  '/:email',
  requireUser,
  validate('param', z.object({ email: emailSchema })),
  async (c) => {
    const { email } = c.req.valid('param');
    checkMayReadPoints(c.get('user'), email);
    await answerIfChanged(c, ['points'], `history:${email}`);
    const rows = await pointHistory(c.get('db'), email);
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  },
);
