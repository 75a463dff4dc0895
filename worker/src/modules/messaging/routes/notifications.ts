import { Hono } from 'hono';
import { z } from '@shared/zod';
import { idParamSchema } from '@shared/date-schemas';
import { notificationCreateSchema } from '@shared/event-schemas';
import { notificationPageQuerySchema } from '@shared/notification-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole, requireUser } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import {
  createNotification,
  markAllNotificationsRead,
  markAllStaffAlertsRead,
  markNotificationRead,
  markStaffAlertRead,
  notificationsOfPhone,
  notificationsOfUser,
  staffAlertSummary,
  staffAlertsOf,
  unreadOfUser,
} from '../notifications';
import { phoneKeyOf } from '../../../platform/phone-numbers';

/**
 * /api/notifications (the rules in modules/messaging/notifications.ts): a signed-in guest reads their own, a
 * page at a time with their unread count, and marks one or all read (only their own: another's
 * id is "not found"); staff read the staff's alerts (new booking requests and entries) the same
 * way, with their own read marks, read any phone's notifications and may write one.
 */
export const notificationRoutes = new Hono<AppEnv>()
  .post('/', requireRole('staff'), validate('json', notificationCreateSchema), async (c) => {
    const row = await createNotification(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json(row, 201);
  })
  .get('/mine', requireUser, validate('query', notificationPageQuerySchema), async (c) => {
    const userId = c.get('user').id;
    await answerIfChanged(c, ['notifications'], `mine:${userId}:${new URL(c.req.url).search}`);
    const page = await notificationsOfUser(c.get('db'), userId, c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    return c.json(page);
  })
  .get('/mine/unread', requireUser, async (c) => {
    const userId = c.get('user').id;
    await answerIfChanged(c, ['notifications'], `mine-unread:${userId}`);
    c.header('Cache-Control', 'no-store');
    return c.json({ unread: await unreadOfUser(c.get('db'), userId) });
  })
  .post('/read-all', requireUser, async (c) => {
    await markAllNotificationsRead(c.get('db'), c.get('user').id);
    return c.json({ unread: 0 });
  })
  .get('/staff', requireRole('staff'), validate('query', notificationPageQuerySchema), async (c) => {
    const userId = c.get('user').id;
    await answerIfChanged(c, ['notifications'], `staff:${userId}:${new URL(c.req.url).search}`);
    const page = await staffAlertsOf(c.get('db'), userId, c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    return c.json(page);
  })
  .get('/staff/unread', requireRole('staff'), async (c) => {
    const userId = c.get('user').id;
    await answerIfChanged(c, ['notifications'], `staff-unread:${userId}`);
    c.header('Cache-Control', 'no-store');
    return c.json(await staffAlertSummary(c.get('db'), userId));
  })
  .post('/staff/read-all', requireRole('staff'), async (c) => {
    await markAllStaffAlertsRead(c.get('db'), c.get('user').id);
    return c.json({ unread: 0 });
  })
  .post('/staff/:id/read', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    const unread = await markStaffAlertRead(c.get('db'), c.get('user').id, c.req.valid('param').id);
    return c.json({ unread });
  })
  .post('/:id/read', requireUser, validate('param', idParamSchema), async (c) => {
    const unread = await markNotificationRead(c.get('db'), c.get('user').id, c.req.valid('param').id);
    return c.json({ unread });
  })
  .get(
    '/:phone',
    requireRole('staff'),
    validate('param', z.object({ phone: z.string().min(1, 'phone_invalid').max(30, 'phone_invalid') })),
    async (c) => {
      const phone = phoneKeyOf(c.req.valid('param').phone);
      await answerIfChanged(c, ['notifications'], `phone:${phone}`);
      const rows = await notificationsOfPhone(c.get('db'), phone);
      c.header('Cache-Control', 'no-store');
      return c.json(rows);
    },
  );
