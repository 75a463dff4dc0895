import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { devMailbox } from '../db/schema/operations';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/errors';
import { validate } from '../http/validation';

/**
 * Development only (ENVIRONMENT=development): the e-mails the app "sent",
 * newest first, so a person or a test can read a verification code.
 * Anywhere else these routes do not exist.
 */
export const dev = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, 'route_not_found');
    await next();
  })
  .get(
    '/mailbox',
    validate('query', z.object({ to: z.string().trim().toLowerCase().min(1, 'email_required') })),
    async (c) => {
      const { to } = c.req.valid('query');
      const rows = await c
        .get('db')
        .select({
          to: devMailbox.to,
          subject: devMailbox.subject,
          text: devMailbox.text,
          createdAt: devMailbox.createdAt,
        })
        .from(devMailbox)
        .where(eq(devMailbox.to, to))
        .orderBy(desc(devMailbox.id))
        .limit(50);
      c.header('Cache-Control', 'no-store');
      return c.json(rows);
    },
  );
