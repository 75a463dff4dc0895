import { Hono } from 'hono';
import { z } from '@shared/zod';
import { eventSettingSchema, eventTypeSchema } from '@shared/event-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { eventsOverview, listEventSettings, setEventSetting } from '../event-settings';

/**
 * GET /api/event-settings (public), GET /api/event-settings/overview (staff: each event's switch,
 * entries this month and entries waiting for a decision) and PUT /api/event-settings/:eventType { isEnabled?,
 * requirePhoneVerification? } (admin, audited; modules/draws/event-settings.ts).
 */
export const eventSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const settings = await listEventSettings(c.get('db'));
    c.header('Cache-Control', 'no-store');
    return c.json(settings);
  })
  .get('/overview', requireRole('staff'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await eventsOverview(c.get('db')));
  })
  .put(
    '/:eventType',
    requireRole('admin'),
    validate('param', z.object({ eventType: eventTypeSchema })),
    validate('json', eventSettingSchema),
    async (c) => {
      const { eventType } = c.req.valid('param');
      const setting = await setEventSetting(c.get('db'), c.get('user'), eventType, c.req.valid('json'));
      return c.json(setting);
    },
  );
