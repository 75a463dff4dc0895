import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { hotelMonth } from '../../../shared/src/dates';
import { normalizePhone } from '../../../shared/src/digits';
import { participationCheckSchema } from '../../../shared/src/event-schemas';
import { monthlyParticipations } from '../db/schema/events';
import type { AppEnv } from '../env';
import { isEnabled, settingQuery } from '../lib/entries';
import { validate } from '../http/validation';

/** POST /api/check-monthly-participation: has this phone entered this event this month, and is it open. */
export const monthlyParticipationRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', participationCheckSchema),
  async (c) => {
    const db = c.get('db');
    const { participantPhone, eventType } = c.req.valid('json');
    const [taken, setting] = await db.batch([
      db
        .select({ id: monthlyParticipations.id })
        .from(monthlyParticipations)
        .where(
          and(
            eq(monthlyParticipations.participantPhone, normalizePhone(participantPhone)),
            eq(monthlyParticipations.eventType, eventType),
            eq(monthlyParticipations.participationMonth, hotelMonth()),
          ),
        ),
      settingQuery(db, eventType),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({ hasParticipated: taken.length > 0, isEnabled: isEnabled(setting) });
  },
);
