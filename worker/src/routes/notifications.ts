import { Hono } from 'hono';
import { z } from 'zod';
import { normalizePhone } from '../../../shared/src/digits';
import { notificationCreateSchema } from '../../../shared/src/event-schemas';
import type { AppEnv } from '../env';
import { requireRole, requireUser } from '../http/auth';
import { validate } from '../http/validation';
import { answerIfChanged } from '../http/versions';
import { createNotification, notificationsOfPhone, notificationsOfUser } from '../lib/notifications';

/**
 * /api/notifications (the rules in lib/notifications.ts): a signed-in guest reads their own;
 * staff read any phone's and may write one.
 */
export const notificationRoutes = new Hono<AppEnv>()
  .post('/', requireRole('staff'), validate('json', notificationCreateSchema), async (c) => {
    const row = await createNotification(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json(row, 201);
  })
  .get('/mine', requireUser, async (c) => {
    const userId = c.get('user').id;
    await answerIfChanged(c, ['notifications'], `mine:${userId}`);
    const rows = await notificationsOfUser(c.get('db'), userId);
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  })
  .get(
    '/:phone',
    requireRole('staff'),
    validate('param', z.object({ phone: z.string().min(1, 'phone_invalid').max(30, 'phone_invalid') })),
    async (c) => {
      const phone = normalizePhone(c.req.valid('param').phone);
      await answerIfChanged(c, ['notifications'], `phone:${phone}`);
      const rows = await notificationsOfPhone(c.get('db'), phone);
      c.header('Cache-Control', 'no-store');
      return c.json(rows);
    },
  );
