import { and, eq } from 'drizzle-orm';
import { EVENT_TYPES, type EventType } from '../../../shared/src/constants';
import { hotelMonth } from '../../../shared/src/dates';
import type { SessionUser } from '../../../shared/src/auth-schemas';
import { eventSettings, monthlyParticipations } from '../db/schema/events';
import { auditLog } from '../db/schema/operations';
import type { Db } from '../env';
import { auditEntry } from './audit';
import { isEnabled, settingQuery } from './entries';

/**
 * Which events take entries (routes/event-settings.ts): anyone may read it, admins switch an
 * event on or off; and whether a phone has entered one this month (routes/check-monthly-participation.ts). No row means the event was never switched off.
 */

/** Every event type and whether it is on. */
export async function listEventSettings(db: Db) {
  const rows = await db.select().from(eventSettings);
  return EVENT_TYPES.map((eventType) => ({
    eventType,
    isEnabled: rows.find((r) => r.eventType === eventType)?.isEnabled ?? true,
  }));
}

/** Switches an event on or off; the change and its audit line are one batch. */
export async function setEventEnabled(db: Db, actor: SessionUser, eventType: EventType, enabled: boolean) {
  const before = isEnabled(await settingQuery(db, eventType));
  await db.batch([
    db
      .insert(eventSettings)
      .values({ eventType, isEnabled: enabled, updatedByUserId: actor.id })
      .onConflictDoUpdate({
        target: eventSettings.eventType,
        set: { isEnabled: enabled, updatedByUserId: actor.id, updatedAt: new Date() },
      }),
    db
      .insert(auditLog)
      .values(
        auditEntry(
          actor,
          'update',
          'event_setting',
          eventType,
          { isEnabled: before },
          { isEnabled: enabled },
        ),
      ),
  ]);
  return { eventType, isEnabled: enabled };
}

/** Has this (normalized) phone entered this event this month, and is the event open. */
export async function monthlyParticipation(db: Db, phone: string, eventType: EventType) {
  const [taken, setting] = await db.batch([
    db
      .select({ id: monthlyParticipations.id })
      .from(monthlyParticipations)
      .where(
        and(
          eq(monthlyParticipations.participantPhone, phone),
          eq(monthlyParticipations.eventType, eventType),
          eq(monthlyParticipations.participationMonth, hotelMonth()),
        ),
      ),
    settingQuery(db, eventType),
  ]);
  return { hasParticipated: taken.length > 0, isEnabled: isEnabled(setting) };
}
