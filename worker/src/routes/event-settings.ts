import { Hono } from 'hono';
import { z } from 'zod';
import { EVENT_TYPES } from '../../../shared/src/constants';
import { eventSettingSchema, eventTypeSchema } from '../../../shared/src/event-schemas';
import { eventSettings } from '../db/schema/events';
import { auditLog } from '../db/schema/operations';
import type { AppEnv } from '../env';
import { auditEntry } from '../lib/audit';
import { requireRole } from '../http/auth';
import { isEnabled, settingQuery } from '../lib/entries';
import { validate } from '../http/validation';

/** GET /api/event-settings (public) and PUT /api/event-settings/:eventType (admin, audited). */
export const eventSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const rows = await c.get('db').select().from(eventSettings);
    c.header('Cache-Control', 'no-store');
    return c.json(
      EVENT_TYPES.map((eventType) => ({
        eventType,
        isEnabled: rows.find((r) => r.eventType === eventType)?.isEnabled ?? true,
      })),
    );
  })
  .put(
    '/:eventType',
    requireRole('admin'),
    validate('param', z.object({ eventType: eventTypeSchema })),
    validate('json', eventSettingSchema),
    async (c) => {
      const db = c.get('db');
      const { eventType } = c.req.valid('param');
      const { isEnabled: enabled } = c.req.valid('json');
      const user = c.get('user');
      const before = isEnabled(await settingQuery(db, eventType));
      await db.batch([
        db
          .insert(eventSettings)
          .values({ eventType, isEnabled: enabled, updatedByUserId: user.id })
          .onConflictDoUpdate({
            target: eventSettings.eventType,
            set: { isEnabled: enabled, updatedByUserId: user.id, updatedAt: new Date() },
          }),
        db
          .insert(auditLog)
          .values(
            auditEntry(
              user,
              'update',
              'event_setting',
              eventType,
              { isEnabled: before },
              { isEnabled: enabled },
            ),
          ),
      ]);
      return c.json({ eventType, isEnabled: enabled });
    },
  );
