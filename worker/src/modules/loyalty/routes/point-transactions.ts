import { Hono } from 'hono';
import { z } from '@shared/zod';
import { emailSchema } from '@shared/email-schema';
import type { AppEnv } from '../../../platform/env';
import { requireUser } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { checkMayReadPoints, pointHistory } from '../points';

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
