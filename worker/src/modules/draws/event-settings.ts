import { and, count, eq, isNull } from 'drizzle-orm';
import { EVENT_TYPES, type EventType } from '@shared/constants';
import { hotelMonth } from '@shared/dates';
import { UNREAD_COUNT_CAP } from '@shared/notification-schemas';
import type { SessionUser } from '@shared/auth-schemas';
import {
  eventSettings,
  googleReviewSubmissions,
  monthlyParticipations,
  photographySubmissions,
} from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { auditEntry } from '../../platform/audit';
import { isEnabled, requiresPhoneProof, settingQuery } from './entries';
import { ApiError } from '../../platform/api-error';

/**
 * Which events take entries (modules/draws/routes/event-settings.ts): anyone may read it, admins switch an
 * event on or off; and whether a phone has entered one this month (modules/draws/routes/check-monthly-participation.ts). No row means the event was never switched off.
 */

/** Every event type, whether it is on, and whether its entries need a proven phone. */
export async function listEventSettings(db: Db) {
  const rows = await db.select().from(eventSettings);
  return EVENT_TYPES.map((eventType) => {
    const row = rows.find((r) => r.eventType === eventType);
    return {
      eventType,
      isEnabled: row?.isEnabled ?? true,
      requirePhoneVerification: row?.requirePhoneVerification ?? true,
    };
  });
}

export type EventSettingChange = { isEnabled?: boolean; requirePhoneVerification?: boolean };

/**
 * Switches an event on or off, and its phone-verification requirement; the change and its
 * audit line are one batch.
 */
export async function setEventSetting(
  db: Db,
  actor: SessionUser,
  eventType: EventType,
  change: EventSettingChange,
) {
  const rows = await settingQuery(db, eventType);
  const before = { isEnabled: isEnabled(rows), requirePhoneVerification: requiresPhoneProof(rows) };
  const after = {
    isEnabled: change.isEnabled ?? before.isEnabled,
    requirePhoneVerification: change.requirePhoneVerification ?? before.requirePhoneVerification,
  };
  await db.batch([
    db
      .insert(eventSettings)
      .values({ eventType, ...after, updatedByUserId: actor.id })
      .onConflictDoUpdate({
        target: eventSettings.eventType,
        set: { ...after, updatedByUserId: actor.id, updatedAt: new Date() },
      }),
    db.insert(auditLog).values(auditEntry(actor, 'update', 'event_setting', eventType, before, after)),
  ]);
  return { eventType, ...after };
}

/**
 * Has this (normalized) phone entered this event this month, and is the event open. Answered
 * only for a proven phone (`proven`, asked only when the event needs it): 403 otherwise.
 */
export async function monthlyParticipation(
  db: Db,
  phone: string,
  eventType: EventType,
  proven: () => Promise<boolean>,
) {
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
  if (requiresPhoneProof(setting) && !(await proven())) throw new ApiError(403, 'phone_unverified');
  return { hasParticipated: taken.length > 0, isEnabled: isEnabled(setting) };
}

/** The entries of one judged event still waiting for a decision, counted up to the badges' cap. */
function undecidedCount(db: Db, table: typeof photographySubmissions | typeof googleReviewSubmissions) {
  return db
    .select({ pending: count() })
    .from(
      db
        .select({ id: table.id })
        .from(table)
        .where(isNull(table.decidedAt))
        .limit(UNREAD_COUNT_CAP)
        .as('pending'),
    );
}

/**
 * The events management screen's three tiles in one batch: each event's switch, its entries this
 * month (Asia/Muscat, one per phone) and, for the two judged by staff, the entries waiting for a
 * decision (counted up to the badges' cap, shown as "99+"). Each count reads an index (migration
 * 0045): this month's participations, and only the undecided entries, never the whole history.
 */
export async function eventsOverview(db: Db) {
  const month = hotelMonth();
  const [settingRows, monthly, photographyPending, reviewPending] = await db.batch([
    db.select().from(eventSettings),
    db
      .select({ eventType: monthlyParticipations.eventType, entries: count() })
      .from(monthlyParticipations)
      .where(eq(monthlyParticipations.participationMonth, month))
      .groupBy(monthlyParticipations.eventType),
    undecidedCount(db, photographySubmissions),
    undecidedCount(db, googleReviewSubmissions),
  ]);
  const pending: Record<EventType, number | null> = {
    photography: photographyPending[0]?.pending ?? 0,
    hotel_rating: reviewPending[0]?.pending ?? 0,
    location_sharing: null,
  };
  return {
    month,
    events: EVENT_TYPES.map((eventType) => {
      const row = settingRows.find((r) => r.eventType === eventType);
      return {
        eventType,
        isEnabled: row?.isEnabled ?? true,
        entriesThisMonth: monthly.find((m) => m.eventType === eventType)?.entries ?? 0,
        /** Waiting for staff to approve or reject; null where nobody judges (location sharing). */
        pending: pending[eventType],
      };
    }),
  };
}
