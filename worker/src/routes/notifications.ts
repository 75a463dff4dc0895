import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { normalizePhone } from '../../../shared/src/digits';
import { notificationCreateSchema } from '../../../shared/src/event-schemas';
import { auditLog } from '../db/schema/operations';
import { auditEntry } from '../lib/audit';
import { notifications } from '../db/schema/events';
import type { AppEnv } from '../env';
import { requireRole, requireUser } from '../http/auth';
import { validate } from '../http/validation';
import { answerIfChanged } from '../http/versions';

/**
 * Event and booking notifications. A signed-in guest reads their own (those
 * linked to their account: their bookings, their entries); staff read any phone's.
 */
const LIMIT = 100;

export const notificationRoutes = new Hono<AppEnv>()
  // Admin spec: staff may write a notification for any phone (decisions on
  // entries write their own, in the decision's batch).
  .post('/', requireRole('staff'), validate('json', notificationCreateSchema), async (c) => {
    const db = c.get('db');
    const body = c.req.valid('json');
    const values = { ...body, userPhone: normalizePhone(body.userPhone) };
    const [[row]] = await db.batch([
      db.insert(notifications).values(values).returning(),
      db.insert(auditLog).values(auditEntry(c.get('user'), 'create', 'notification', null, null, values)),
    ]);
    return c.json(row!, 201);
  })
  .get('/mine', requireUser, async (c) => {
    await answerIfChanged(c, ['notifications'], `mine:${c.get('user').id}`);
    // Only what is about the guest's own bookings and the entries they made while
    // signed in (linked when written), never whatever was sent to a phone they typed.
    const rows = await c
      .get('db')
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.get('user').id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LIMIT);
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
      const rows = await c
        .get('db')
        .select()
        .from(notifications)
        .where(eq(notifications.userPhone, phone))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(LIMIT);
      c.header('Cache-Control', 'no-store');
      return c.json(rows);
    },
  );
