import { formatBookingReference } from '@shared/booking-reference';
import { and, inArray, isNotNull, lte, or, sql, eq } from 'drizzle-orm';
import { addDays, hotelToday } from '@shared/dates';
import { GUEST_PROFILE_RULES, type RegistrationRow } from '@shared/guest-profile-schemas';
import { checkInsWithProfilesQuery } from '../bookings';
import { guestProfiles } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { toCsv } from '../../platform/csv';

/**
 * The registration list hotels in Oman give the authorities: the guests checked in on a day
 * (hotel time), with name, nationality, document type and number, date of birth, room, arrival
 * and departure. Read along the check-in time's index (only that day's check-ins), joined to
 * their profiles.
 *
 * Registration data (a profile's nationality, date of birth and document) is kept
 * `REGISTRATION_RETENTION_DAYS` (env; default 365) after the guest's last departure, then the
 * daily job clears it; the list answers for the days within that period only.
 */

/** Asia/Muscat is UTC+4 all year (no daylight saving). */
const HOTEL_OFFSET_MS = 4 * 60 * 60_000;

export function registrationRetentionDays(env: Pick<Env, 'REGISTRATION_RETENTION_DAYS'>): number {
  const configured = Number(env.REGISTRATION_RETENTION_DAYS);
  return Number.isInteger(configured) && configured > 0
    ? configured
    : GUEST_PROFILE_RULES.registrationRetentionDaysDefault;
}

/** The registrations of `date`: refused for a day after today or before the retention period. */
export async function registrations(
  db: Db,
  date: string,
  retentionDays: number,
  now = new Date(),
): Promise<RegistrationRow[]> {
  const today = hotelToday(now);
  if (date > today || date < addDays(today, -retentionDays)) {
    throw new ApiError(422, 'registration_date_out_of_range');
  }
  const start = Date.parse(`${date}T00:00:00Z`) - HOTEL_OFFSET_MS;
  const rows = await checkInsWithProfilesQuery(db, new Date(start), new Date(start + 24 * 60 * 60_000));
  return rows.map((r) => ({
    bookingId: r.bookingId,
    reference: r.reference,
    profileId: r.profileId,
    fullName: r.bookingName,
    nationality: r.nationality,
    dateOfBirth: r.dateOfBirth,
    documentType: r.documentType,
    // The booking's own ID number when the profile has no document (masked after its retention).
    documentNumber: r.documentNumber ?? r.bookingIdNumber,
    roomNumber: r.roomNumber,
    numberOfGuests: r.numberOfGuests,
    arrival: r.checkInDate,
    departure: r.checkOutDate,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
  }));
}
export type Registration = RegistrationRow;

const CSV_COLUMNS = [
  'fullName',
  'nationality',
  'documentType',
  'documentNumber',
  'dateOfBirth',
  'roomNumber',
  'arrival',
  'departure',
  'numberOfGuests',
  'reference',
] as const;

/** The registration list as CSV (formula-like cells neutralised by platform/csv.ts). */
export function registrationsCsv(date: string, rows: Registration[]) {
  // The reference as every screen and paper shows it: "K7M-Q4PX".
  const shown = rows.map((r) => ({ ...r, reference: formatBookingReference(r.reference) }));
  return { body: toCsv([...CSV_COLUMNS], shown), filename: `registrations-${date}.csv` };
}

/** Profiles cleared per run at most (a backlog is worked off over a few days). */
const RETENTION_BATCH = 500;

/**
 * Clears the registration data (nationality, date of birth, document) of the profiles whose last
 * departure is more than the retention period ago; bounded, along the partial index of the
 * profiles that still hold some (migration 0050). The profile itself, its flags and notes stay.
 */
export async function purgeExpiredRegistrations(
  db: Db,
  env: Pick<Env, 'REGISTRATION_RETENTION_DAYS'>,
  now = new Date(),
) {
  const cutoff = addDays(hotelToday(now), -registrationRetentionDays(env));
  const holding = or(
    isNotNull(guestProfiles.nationality),
    isNotNull(guestProfiles.dateOfBirth),
    isNotNull(guestProfiles.documentNumber),
  )!;
  const due = db
    .select({ id: guestProfiles.id })
    .from(guestProfiles)
    .where(and(holding, lte(guestProfiles.lastStayDate, cutoff)))
    .limit(RETENTION_BATCH);
  const cleared = await db
    .update(guestProfiles)
    .set({
      nationality: null,
      dateOfBirth: null,
      documentType: null,
      documentNumber: null,
      documentKey: null,
      documentExpiry: null,
      updatedAt: now,
    })
    .where(inArray(guestProfiles.id, due))
    .returning({ id: guestProfiles.id });
  // Staff's audit lines about these profiles keep what was done, not the registration data.
  if (cleared.length > 0) {
    const scrubbed = (column: typeof auditLog.before | typeof auditLog.after) =>
      sql`json_remove(${column}, '$.nationality', '$.dateOfBirth', '$.documentType', '$.documentNumber', '$.documentExpiry', '$.kept', '$.merged')`;
    await db
      .update(auditLog)
      .set({ before: scrubbed(auditLog.before), after: scrubbed(auditLog.after) })
      .where(
        and(
          eq(auditLog.entityType, 'guest_profile'),
          inArray(
            auditLog.entityId,
            cleared.map((c) => String(c.id)),
          ),
        ),
      );
  }
  return { registrationsCleared: cleared.length };
}
