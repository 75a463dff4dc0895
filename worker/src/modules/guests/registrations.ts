import { formatBookingReference } from '@shared/booking-reference';
import { and, inArray, isNotNull, lte, or, sql, eq, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { GUEST_PROFILE_RULES, type DocumentType } from '@shared/guest-profile-schemas';
import { storedGuests } from '@shared/guest-counts';
import {
  missingStayFields,
  type RegistrationCorrection,
  type RegistrationState,
  type StayCompanion,
  type StayRegistration,
} from '@shared/registration-schemas';
import { companionStatements, companionsOf } from './companions';
import { documentColumns } from './guests';
import { guestProfiles } from './tables';
import { stayCompanions, stayRegistrations } from './registration-tables';
import { auditEntry } from '../../platform/audit';
import { auditLog } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { insertWhere, newChangeToken } from '../../platform/atomic';
import { toCsv } from '../../platform/csv';
import { roomFieldSql } from '../inventory';

/**
 * A column in a list of ids as one bound value (json_each): D1 binds at most 100 values, and a
 * day's file at a full house names up to REGISTRATION_BATCH_MAX stays.
 */
const inIds = (column: SQLiteColumn, ids: number[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;

/**
 * The police registration (docs/decisions/093): each stay checked in has one (table
 * stay_registrations, written by the triggers of migration 0091 in the same transaction as the
 * check-in or the change), with name, nationality, document type and number, date of birth, room,
 * arrival and departure read from the stay and its guest's profile as they are now. Its state is
 * stored (due, sent, failed, corrected) but for `incomplete`, read from the data: a due or
 * corrected one missing a field the police need.
 *
 * Registration data (a profile's nationality, date of birth and document) is kept
 * `REGISTRATION_RETENTION_DAYS` (env; default 365) after the guest's last departure, then the
 * daily job clears it; the list answers for the days within that period only.
 */

export function registrationRetentionDays(env: Pick<Env, 'REGISTRATION_RETENTION_DAYS'>): number {
  const configured = Number(env.REGISTRATION_RETENTION_DAYS);
  return Number.isInteger(configured) && configured > 0
    ? configured
    : GUEST_PROFILE_RULES.registrationRetentionDaysDefault;
}

/** The registrations the day's list answers at most (a day's check-ins and what is still not sent). */
const LIST_LIMIT = 500;

type RegistrationDbRow = {
  bookingId: number;
  reference: string;
  profileId: number | null;
  fullName: string;
  bookingIdNumber: string;
  nationality: string | null;
  dateOfBirth: string | null;
  documentType: DocumentType | null;
  documentNumber: string | null;
  documentExpiry: string | null;
  roomNumber: string | null;
  numberOfGuests: number;
  adults: number | null;
  children: number | null;
  arrival: string;
  departure: string;
  checkedInAt: number | null;
  dueDate: string;
  state: 'due' | 'sent' | 'failed' | 'corrected';
  sentAt: number | null;
  sentBy: string | null;
  failedReason: string | null;
};

const SELECT = sql`select b.id as bookingId, b.reference as reference, b.profile_id as profileId,
    b.full_name as fullName, b.id_number as bookingIdNumber, p.nationality as nationality,
    p.date_of_birth as dateOfBirth, p.document_type as documentType, p.document_number as documentNumber,
    p.document_expiry as documentExpiry, ${roomFieldSql('number', sql`b.room_id`)} as roomNumber, b.number_of_guests as numberOfGuests,
    b.adults as adults, b.children as children, b.check_in_date as arrival, b.check_out_date as departure,
    b.checked_in_at as checkedInAt, s.due_date as dueDate, s.state as state, s.sent_at as sentAt,
    u.full_name as sentBy, s.failed_reason as failedReason
  from stay_registrations s
  join booking_submissions b on b.id = s.booking_id
  left join guest_profiles p on p.id = b.profile_id
  left join users u on u.id = s.sent_by`;

/**
 * A stored row as the API answers it, with its companions: its state read with the data as it is
 * now (every adult of the stay complete, and as many adults recorded as the stay has).
 */
function shown(r: RegistrationDbRow, companions: StayCompanion[] = []): StayRegistration {
  // The booking's own ID number when the profile has no document (masked after its retention).
  const documentNumber = r.documentNumber ?? (r.bookingIdNumber || null);
  const adults = storedGuests(r).adults;
  const missing = missingStayFields({ ...r, documentNumber }, adults, companions);
  const state: RegistrationState =
    (r.state === 'due' || r.state === 'corrected') && missing.length > 0 ? 'incomplete' : r.state;
  return {
    bookingId: r.bookingId,
    reference: r.reference,
    profileId: r.profileId,
    fullName: r.fullName,
    nationality: r.nationality,
    dateOfBirth: r.dateOfBirth,
    documentType: r.documentType,
    documentNumber,
    documentExpiry: r.documentExpiry,
    roomNumber: r.roomNumber,
    numberOfGuests: r.numberOfGuests,
    adults,
    arrival: r.arrival,
    departure: r.departure,
    checkedInAt: r.checkedInAt === null ? null : new Date(r.checkedInAt).toISOString(),
    dueDate: r.dueDate,
    state,
    missing,
    sentAt: r.sentAt === null ? null : new Date(r.sentAt).toISOString(),
    sentBy: r.sentBy,
    failedReason: r.failedReason,
    companions,
  };
}

/** The rows as the API answers them, with their companions (one more read). */
async function withCompanions(db: Db, rows: RegistrationDbRow[]): Promise<StayRegistration[]> {
  const companions = await companionsOf(
    db,
    rows.map((r) => r.bookingId),
  );
  return rows.map((r) => shown(r, companions.get(r.bookingId)));
}

/**
 * The registrations of `date` (hotel day): those that became due that day (its check-ins, and the
 * corrections made that day), and those still not sent from before; with `state`, only those.
 * Refused (422) for a day after today or before the retention period. Two index reads: the day's
 * rows along the due-date index, the earlier unsent along the partial index of the unsent.
 */
export async function registrations(
  db: Db,
  date: string,
  retentionDays: number,
  options: { state?: RegistrationState; now?: Date } = {},
): Promise<StayRegistration[]> {
  const today = hotelToday(options.now ?? new Date());
  if (date > today || date < addDays(today, -retentionDays)) {
    throw new ApiError(422, 'registration_date_out_of_range');
  }
  const rows = await db.all<RegistrationDbRow>(sql`select * from (
      ${SELECT} where s.due_date = ${date}
      union all
      ${SELECT} where s.due_date < ${date} and s.state <> 'sent'
    ) order by dueDate, checkedInAt, bookingId limit ${LIST_LIMIT}`);
  const all = await withCompanions(db, rows);
  return options.state ? all.filter((r) => r.state === options.state) : all;
}
export type Registration = StayRegistration;

/** What goes in the day's file: complete, and not sent (due, corrected, or failed to be resent). */
export function toSend(r: StayRegistration): boolean {
  return r.state === 'due' || r.state === 'corrected' || r.state === 'failed';
}

const CSV_COLUMNS = [
  'state',
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
  'dueDate',
  'sentAt',
] as const;

/** The day's list as CSV (formula-like cells neutralised by platform/csv.ts). */
export function registrationsCsv(date: string, rows: Registration[]) {
  // The reference as every screen and paper shows it: "K7M-Q4PX".
  const shown = rows.map((r) => ({ ...r, reference: formatBookingReference(r.reference) }));
  return { body: toCsv([...CSV_COLUMNS], shown), filename: `registrations-${date}.csv` };
}

/**
 * Marks `ids` as sent by `user` now, in one batch with their audit lines: only those the day's file
 * holds (complete, not sent); the others are answered as skipped and stay as they are.
 */
export async function markRegistrationsSent(db: Db, user: SessionUser, ids: number[], now = new Date()) {
  const rows = await db.all<RegistrationDbRow>(
    sql`${SELECT} where s.booking_id in (select value from json_each(${JSON.stringify(ids)}))`,
  );
  const sendable = (await withCompanions(db, rows)).filter(toSend);
  const sent = sendable.map((r) => r.bookingId);
  if (sent.length > 0) {
    const [first, ...rest] = [
      db
        .update(stayRegistrations)
        .set({ state: 'sent', sentAt: now, sentBy: user.id, failedReason: null, updatedAt: now })
        .where(
          and(
            inIds(stayRegistrations.bookingId, sent),
            inArray(stayRegistrations.state, ['due', 'corrected', 'failed']),
          ),
        ),
      ...sendable.map((r) =>
        db
          .insert(auditLog)
          .values(
            auditEntry(
              user,
              'registration.sent',
              'booking',
              r.bookingId,
              { state: r.state },
              { state: 'sent' },
            ),
          ),
      ),
    ];
    await db.batch([first, ...rest]);
  }
  return { sent, skipped: ids.filter((id) => !sent.includes(id)) };
}

/**
 * Records that the police's system refused `ids`, with the reason: they go in the next file again.
 * Only what the police were sent can be refused (decision 093's states: `sent` -> `failed`; a due,
 * corrected or already failed one was never received): any other, or an unknown id, refuses the
 * request whole (409 `registration_not_sent`, the ids named) and changes nothing. One batch with the
 * audit lines, the change guarded by the state it was read in.
 */
export async function markRegistrationsFailed(
  db: Db,
  user: SessionUser,
  ids: number[],
  reason: string,
  now = new Date(),
) {
  const rows = await db
    .select({ bookingId: stayRegistrations.bookingId, state: stayRegistrations.state })
    .from(stayRegistrations)
    .where(inIds(stayRegistrations.bookingId, ids));
  const notSent = ids.filter((id) => rows.find((r) => r.bookingId === id)?.state !== 'sent');
  if (notSent.length > 0) throw new ApiError(409, 'registration_not_sent', undefined, { ids: notSent });
  const failed = rows.map((r) => r.bookingId);
  if (failed.length > 0) {
    const [first, ...rest] = [
      db
        .update(stayRegistrations)
        .set({ state: 'failed', failedReason: reason, updatedAt: now })
        .where(and(inIds(stayRegistrations.bookingId, failed), eq(stayRegistrations.state, 'sent'))),
      ...rows.map((r) =>
        db
          .insert(auditLog)
          .values(
            auditEntry(
              user,
              'registration.failed',
              'booking',
              r.bookingId,
              { state: r.state },
              { state: 'failed', reason },
            ),
          ),
      ),
    ];
    await db.batch([first, ...rest]);
  }
  return { failed, skipped: ids.filter((id) => !failed.includes(id)) };
}

/** The lead guest's registration details a correction may change (the profile's columns). */
const GUEST_FIELDS = [
  'nationality',
  'dateOfBirth',
  'documentType',
  'documentNumber',
  'documentExpiry',
] as const;

/**
 * Corrects what the police refused (docs/decisions/093, "Correcting a refusal"), from the
 * registrations screen or the desk: the lead guest's registration details on their profile and
 * the stay's other adults, and the registration `failed -> corrected` (due again today: the next
 * file carries it as a correction), with its audit line (which fields, never their values), in
 * ONE batch. The state change goes first and marks the row with this request's token; every
 * statement after it runs only while the row carries that token, and the last one clears it, so
 * two corrections raced make one (the other is 409 `registration_not_failed`, nothing of it
 * written). Refused: a registration not refused (409 `registration_not_failed`), nothing changed
 * (422 `registration_nothing_changed`), the guest's details on a stay with no profile (409
 * `registration_no_profile`), companions of a stay that left or was cancelled (409), an unknown
 * stay (404).
 *
 * @example const registration = await correctRegistration(db, staff, 7, { guest: { documentNumber: 'A1234567' } });
 */
export async function correctRegistration(
  db: Db,
  user: SessionUser,
  bookingId: number,
  input: RegistrationCorrection,
  now = new Date(),
): Promise<StayRegistration> {
  const [rows, stay, companions] = await Promise.all([
    db.all<RegistrationDbRow>(sql`${SELECT} where s.booking_id = ${bookingId}`),
    db.get<{ status: string; checkedOutAt: number | null }>(
      sql`select status, checked_out_at as checkedOutAt from booking_submissions where id = ${bookingId}`,
    ),
    companionsOf(db, [bookingId]).then((m) => m.get(bookingId) ?? []),
  ]);
  const row = rows[0];
  if (!row || !stay) throw new ApiError(404, 'not_found');
  if (row.state !== 'failed') throw new ApiError(409, 'registration_not_failed');
  const guest = input.guest ?? {};
  const fields = GUEST_FIELDS.filter((f) => guest[f] !== undefined && guest[f] !== row[f]);
  if (fields.length > 0 && row.profileId === null) throw new ApiError(409, 'registration_no_profile');
  if (input.companions && (stay.status === 'cancelled' || stay.checkedOutAt !== null)) {
    throw new ApiError(409, 'companions_not_in_house');
  }
  const token = newChangeToken();
  const mine = sql`exists (select 1 from stay_registrations where booking_id = ${bookingId} and state = 'corrected' and failed_reason = ${token})`;
  const adults = input.companions
    ? companionStatements(db, user, bookingId, companions, input.companions, now, mine)
    : { statements: [], changed: 0 };
  if (fields.length === 0 && adults.changed === 0) throw new ApiError(422, 'registration_nothing_changed');
  const changed = Object.fromEntries(fields.map((f) => [f, guest[f]]));
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(stayRegistrations)
      .set({ state: 'corrected', dueDate: hotelToday(now), failedReason: token, updatedAt: now })
      .where(and(eq(stayRegistrations.bookingId, bookingId), eq(stayRegistrations.state, 'failed'))),
  ];
  if (fields.length > 0) {
    statements.push(
      db
        .update(guestProfiles)
        .set({ ...documentColumns(changed), updatedAt: now })
        .where(and(eq(guestProfiles.id, row.profileId!), mine)),
    );
  }
  statements.push(
    ...adults.statements,
    insertWhere(
      db,
      auditLog,
      auditEntry(
        user,
        'registration.corrected',
        'booking',
        bookingId,
        { state: 'failed', reason: row.failedReason },
        { state: 'corrected', fields, companions: adults.changed },
      ),
      mine,
    ),
    db
      .update(stayRegistrations)
      .set({ failedReason: null })
      .where(and(eq(stayRegistrations.bookingId, bookingId), eq(stayRegistrations.failedReason, token)))
      .returning({ bookingId: stayRegistrations.bookingId }),
  );
  const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  // The token cleared by the last statement: this request made the correction (else another did).
  if ((results[results.length - 1] as unknown[]).length !== 1)
    throw new ApiError(409, 'registration_not_failed');
  const [after] = await withCompanions(
    db,
    await db.all<RegistrationDbRow>(sql`${SELECT} where s.booking_id = ${bookingId}`),
  );
  return after!;
}

/**
 * The nightly integrity check's part (modules/operations): the stays in house checked in more than
 * a day ago whose registration is not sent (along the partial index of the unsent).
 */
export function registrationIntegrityChecks(perCheck: number): { name: string; query: SQL }[] {
  return [
    {
      name: 'registration_not_sent',
      query: sql`select s.booking_id as bookingId, s.state as state, s.due_date as dueDate
        from stay_registrations s join booking_submissions b on b.id = s.booking_id
        where s.state <> 'sent' and s.due_date < date('now', '+4 hours')
          and b.checked_in_at < cast(unixepoch('subsec') * 1000 as integer) - 86400000
        limit ${perCheck}`,
    },
  ];
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
  // The companions of the stays that left before the cutoff (their stays not in house: no
  // correction), bounded the same way.
  const departedCompanions = await db
    .delete(stayCompanions)
    .where(
      sql`${stayCompanions.id} in (select c.id from stay_companions c join booking_submissions b on b.id = c.booking_id
        where b.check_out_date <= ${cutoff} limit ${RETENTION_BATCH})`,
    )
    .returning({ id: stayCompanions.id });
  return { registrationsCleared: cleared.length, companionsCleared: departedCompanions.length };
}
