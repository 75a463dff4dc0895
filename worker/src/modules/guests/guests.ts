import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { phoneSearchDigits } from '@shared/digits';
import {
  documentKey,
  emailKey,
  GUEST_PROFILE_RULES,
  nameKey,
  type GuestDocument,
  type GuestProfilePatch,
} from '@shared/guest-profile-schemas';
import { guestStays } from '../bookings';
import { guestProfiles, type GuestProfile } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { auditEntry } from '../../platform/audit';
import { insertWhere, rowExists } from '../../platform/atomic';
import { ApiError } from '../../platform/api-error';

/**
 * Guest profiles (migration 0050): found by any part of the name, phone, e-mail or document
 * number along a full-text index (migration 0053), a two-character start along each field's own
 * index, bounded, so a search reads the same rows with a hundred or a hundred thousand guests; a profile with its stays; staff's changes and merges, each one
 * batch with its audit line.
 */

/** The end of a prefix range: every key starting with `prefix` sorts below it. */
const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/** A profile as staff see it in lists. */
export function profileSummary(p: GuestProfile, stays: number) {
  return {
    id: p.id,
    fullName: p.fullName,
    phone: p.phone,
    email: p.email,
    nationality: p.nationality,
    documentType: p.documentType,
    documentNumber: p.documentNumber,
    vip: p.vip,
    doNotRent: p.doNotRent,
    hasAccount: p.userId !== null,
    stays,
  };
}

/** Stays that count (the guest came): checked in at some point. */
const cameCount = guestStays.cameCountSql;

/** A phrase for an FTS5 MATCH: quoted, its own quotes doubled, so no character is an operator. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** The trigram tokenizer indexes runs of three characters: a shorter text has none to match. */
const TRIGRAM = 3;
const length = (text: string) => [...text].length;

/**
 * Profiles whose name, phone, e-mail or document number holds `q` (its search key) anywhere, at
 * most GUEST_PROFILE_RULES.searchLimit, by name. Three characters or more: along the full-text
 * index (migration 0053, guest_search), the newest matching profiles first, so a common name reads
 * a page of the index, not every guest who ever bore it; the phone only for a query that looks like
 * one (the digits of a name would find every phone holding them). Fewer characters (or a phone's
 * fewer than three digits) have no trigram: the start of the name, phone, e-mail or document, four
 * bounded range reads on four indexes.
 */
export async function searchGuests(db: Db, q: string) {
  const limit = GUEST_PROFILE_RULES.searchLimit;
  const name = nameKey(q);
  const email = emailKey(q);
  const doc = documentKey(q);
  const phoneLike = /^[\d\s+\-().]+$/.test(q);
  const phone = phoneLike ? phoneSearchDigits(q) : '';
  let ids: SQL;
  if (length(name) >= TRIGRAM && (!phoneLike || phone.length >= TRIGRAM)) {
    const terms = [
      `name_key : ${phrase(name)}`,
      `email_key : ${phrase(email)}`,
      ...(length(doc) >= TRIGRAM ? [`document_key : ${phrase(doc)}`] : []),
      ...[...new Set([phone, phoneLike ? q.replace(/\D/g, '') : ''])]
        .filter((digits) => digits.length >= TRIGRAM)
        .map((digits) => `phone : ${phrase(digits)}`),
    ];
    ids = sql`select rowid from guest_search where guest_search match ${terms.join(' OR ')} order by rowid desc limit ${limit}`;
  } else {
    const range = (column: SQL, key: string) => sql`${column} >= ${key} and ${column} < ${prefixEnd(key)}`;
    ids = sql`
    select id from (select ${guestProfiles.id} as id from ${guestProfiles} where ${range(sql`${guestProfiles.nameKey}`, name)} limit ${limit})
    union select id from (select ${guestProfiles.id} as id from ${guestProfiles} where ${email ? range(sql`${guestProfiles.emailKey}`, email) : sql`0`} limit ${limit})
    union select id from (select ${guestProfiles.id} as id from ${guestProfiles} where ${doc.length >= 2 ? range(sql`${guestProfiles.documentKey}`, doc) : sql`0`} limit ${limit})
    union select id from (select ${guestProfiles.id} as id from ${guestProfiles} where ${phone.length >= 2 ? range(sql`${guestProfiles.phone}`, phone) : sql`0`} limit ${limit})
    union select id from (select ${guestProfiles.id} as id from ${guestProfiles} where ${phone.length >= 2 ? range(sql`${guestProfiles.phone}`, `968${phone}`) : sql`0`} limit ${limit})`;
    // (The second phone range: the start of an Omani number typed without its 968, kept in full.)
  }
  const rows = await db
    .select({ profile: guestProfiles, stays: cameCount(sql`${guestProfiles.id}`) })
    .from(guestProfiles)
    .where(sql`${guestProfiles.id} in (${ids})`)
    .orderBy(guestProfiles.nameKey, guestProfiles.id)
    .limit(limit);
  return rows.map((r) => profileSummary(r.profile, r.stays));
}

/** A profile as staff see it, with its newest stays. */
export function profileView(p: GuestProfile) {
  return {
    id: p.id,
    fullName: p.fullName,
    phone: p.phone,
    email: p.email,
    hasAccount: p.userId !== null,
    nationality: p.nationality,
    dateOfBirth: p.dateOfBirth,
    documentType: p.documentType,
    documentNumber: p.documentNumber,
    documentExpiry: p.documentExpiry,
    preferences: p.preferences,
    notes: p.notes,
    vip: p.vip,
    doNotRent: p.doNotRent,
    lastStayDate: p.lastStayDate,
    updatedAt: p.updatedAt,
  };
}

/** One profile with its newest stays (one batch of two reads along the profile's index). */
export async function guestProfileWithStays(db: Db, id: number) {
  const [profiles, stays] = await db.batch([
    db.select().from(guestProfiles).where(eq(guestProfiles.id, id)),
    guestStays.profileStaysQuery(db, id, GUEST_PROFILE_RULES.staysLimit),
  ]);
  const profile = profiles[0];
  if (!profile) throw new ApiError(404, 'guest_not_found');
  return {
    profile: profileView(profile),
    stays,
    staysCount: stays.filter((s) => s.checkedInAt !== null).length,
  };
}

/** The columns a guest's document details set (document key kept with the number). */
export function documentColumns(input: GuestDocument) {
  const set: Partial<typeof guestProfiles.$inferInsert> = {};
  if (input.nationality !== undefined) set.nationality = input.nationality;
  if (input.dateOfBirth !== undefined) set.dateOfBirth = input.dateOfBirth;
  if (input.documentType !== undefined) set.documentType = input.documentType;
  if (input.documentExpiry !== undefined) set.documentExpiry = input.documentExpiry;
  if (input.documentNumber !== undefined) {
    set.documentNumber = input.documentNumber;
    set.documentKey = input.documentNumber === null ? null : documentKey(input.documentNumber);
  }
  return set;
}

/** What a PATCH changes, before and after, for the audit line. */
function changed(before: GuestProfile, set: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  for (const key of Object.keys(set)) {
    if (key === 'documentKey' || key === 'updatedAt') continue;
    was[key] = before[key as keyof GuestProfile];
  }
  const now = { ...set };
  delete now.documentKey;
  delete now.updatedAt;
  return { was, now };
}

/** Staff's change of a profile: the row and its audit line in one batch. */
export async function patchGuestProfile(db: Db, user: SessionUser, id: number, patch: GuestProfilePatch) {
  const before = await db.select().from(guestProfiles).where(eq(guestProfiles.id, id)).get();
  if (!before) throw new ApiError(404, 'guest_not_found');
  const set: Partial<typeof guestProfiles.$inferInsert> = {
    ...documentColumns(patch),
    updatedAt: new Date(),
  };
  if (patch.preferences !== undefined) set.preferences = patch.preferences || null;
  if (patch.notes !== undefined) set.notes = patch.notes || null;
  if (patch.vip !== undefined) set.vip = patch.vip;
  if (patch.doNotRent !== undefined) set.doNotRent = patch.doNotRent;
  const { was, now } = changed(before, set);
  const [updated] = await db.batch([
    db.update(guestProfiles).set(set).where(eq(guestProfiles.id, id)).returning(),
    insertWhere(
      db,
      auditLog,
      auditEntry(user, 'guest.updated', 'guest_profile', id, was, now),
      rowExists(guestProfiles, eq(guestProfiles.id, id)),
    ),
  ]);
  if (!updated[0]) throw new ApiError(404, 'guest_not_found');
  return updated[0];
}

/**
 * Merges profile `otherId` into `id`: its stays move, the fields `id` lacks are taken from it, VIP
 * and do-not-rent are kept if either has them, notes and preferences are joined, and `otherId` is
 * gone; one batch with its audit line. Refused: the same profile (422 `guest_merge_self`), an
 * unknown one (404), two profiles of two accounts (409 `guest_merge_two_accounts`).
 */
export async function mergeGuests(db: Db, user: SessionUser, id: number, otherId: number) {
  if (id === otherId) throw new ApiError(422, 'guest_merge_self');
  const rows = await db
    .select()
    .from(guestProfiles)
    .where(inArray(guestProfiles.id, [id, otherId]));
  const kept = rows.find((r) => r.id === id);
  const other = rows.find((r) => r.id === otherId);
  if (!kept || !other) throw new ApiError(404, 'guest_not_found');
  if (kept.userId !== null && other.userId !== null) throw new ApiError(409, 'guest_merge_two_accounts');
  const joined = (a: string | null, b: string | null) => (a && b && a !== b ? `${a}\n${b}` : (a ?? b));
  const takeDoc = kept.documentNumber === null && other.documentNumber !== null;
  const set: Partial<typeof guestProfiles.$inferInsert> = {
    userId: kept.userId ?? other.userId,
    email: kept.email ?? other.email,
    emailKey: kept.emailKey ?? other.emailKey,
    nationality: kept.nationality ?? other.nationality,
    dateOfBirth: kept.dateOfBirth ?? other.dateOfBirth,
    documentType: takeDoc ? other.documentType : kept.documentType,
    documentNumber: takeDoc ? other.documentNumber : kept.documentNumber,
    documentKey: takeDoc ? other.documentKey : kept.documentKey,
    documentExpiry: takeDoc ? other.documentExpiry : kept.documentExpiry,
    preferences: joined(kept.preferences, other.preferences),
    notes: joined(kept.notes, other.notes),
    vip: kept.vip || other.vip,
    doNotRent: kept.doNotRent || other.doNotRent,
    lastStayDate:
      [kept.lastStayDate, other.lastStayDate]
        .filter((d): d is string => d !== null)
        .sort()
        .pop() ?? null,
    updatedAt: new Date(),
  };
  const bothThere = and(
    rowExists(guestProfiles, eq(guestProfiles.id, id)),
    rowExists(guestProfiles, eq(guestProfiles.id, otherId)),
  )!;
  const statements: BatchItem<'sqlite'>[] = [
    insertWhere(
      db,
      auditLog,
      auditEntry(
        user,
        'guest.merged',
        'guest_profile',
        id,
        { kept: profileView(kept), merged: profileView(other) },
        {
          mergedId: otherId,
        },
      ),
      bothThere,
    ),
    guestStays.moveProfileBookingsStatement(
      db,
      otherId,
      id,
      rowExists(guestProfiles, eq(guestProfiles.id, id)),
    ),
    // The other first: its account (unique) moves to the profile kept.
    db
      .delete(guestProfiles)
      .where(and(eq(guestProfiles.id, otherId), rowExists(guestProfiles, eq(guestProfiles.id, id))))
      .returning({ id: guestProfiles.id }),
    db.update(guestProfiles).set(set).where(eq(guestProfiles.id, id)).returning(),
  ];
  const results = (await db.batch(
    statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
  )) as unknown[];
  const deleted = results[2] as { id: number }[];
  if (deleted.length === 0) throw new ApiError(404, 'guest_not_found');
  return (results[3] as GuestProfile[])[0]!;
}

/** The profile of an account (null: none yet). */
export function accountProfile(db: Db, userId: number) {
  return db.select().from(guestProfiles).where(eq(guestProfiles.userId, userId)).get();
}

/**
 * A guest's own change of their document details (their account page, or their online check-in):
 * the account's profile (made if it has none yet) or the profile a booking belongs to, with its
 * audit line, in one batch.
 */
export async function saveOwnDocument(
  db: Db,
  actor: SessionUser | null,
  target: { userId: number; fullName: string } | { profileId: number },
  input: GuestDocument,
) {
  const set = { ...documentColumns(input), updatedAt: new Date() };
  const { now } = changed({} as GuestProfile, set);
  if ('profileId' in target) {
    const [updated] = await db.batch([
      db.update(guestProfiles).set(set).where(eq(guestProfiles.id, target.profileId)).returning(),
      insertWhere(
        db,
        auditLog,
        {
          ...auditEntry(actor, 'guest.updated_by_guest', 'guest_profile', target.profileId, null, now),
          actorEmail: actor?.email ?? 'guest (booking link)',
        },
        rowExists(guestProfiles, eq(guestProfiles.id, target.profileId)),
      ),
    ]);
    if (!updated[0]) throw new ApiError(404, 'guest_not_found');
    return updated[0];
  }
  const mine = eq(guestProfiles.userId, target.userId);
  const [, updated] = await db.batch([
    db
      .insert(guestProfiles)
      .values({
        userId: target.userId,
        fullName: target.fullName,
        phone: '',
        nameKey: nameKey(target.fullName),
      })
      .onConflictDoNothing(),
    db.update(guestProfiles).set(set).where(mine).returning(),
    db.insert(auditLog).values({
      ...auditEntry(actor, 'guest.updated_by_guest', 'guest_profile', null, null, now),
      entityId: sql`(select ${guestProfiles.id} from ${guestProfiles} where ${mine})`,
    }),
  ]);
  return updated[0]!;
}

/**
 * The identity fields the desk confirms before a check-in (nationality, date of birth, ID document)
 * of one profile: a query for the desk's batch, no row for a booking without a profile (id null).
 *
 * @example const [rooms, [profile]] = await db.batch([roomsQuery, profileDocumentQuery(db, booking.profileId)]);
 */
export function profileDocumentQuery(db: Db, profileId: number | null) {
  return db
    .select({
      nationality: guestProfiles.nationality,
      dateOfBirth: guestProfiles.dateOfBirth,
      documentType: guestProfiles.documentType,
      documentNumber: guestProfiles.documentNumber,
      documentExpiry: guestProfiles.documentExpiry,
    })
    .from(guestProfiles)
    .where(eq(guestProfiles.id, profileId ?? 0));
}

/**
 * Which of the profiles `ids` (a query of profile ids) are VIPs: their id and flag, by primary key.
 * Housekeeping marks a VIP's room with it, and reads nothing else of the guest.
 *
 * @example db.batch([tasksQuery, vipProfilesQuery(db, profileIdsQuery)])
 */
export function vipProfilesQuery(db: Db, ids: SQLWrapper) {
  return db
    .select({ id: guestProfiles.id, vip: guestProfiles.vip })
    .from(guestProfiles)
    .where(inArray(guestProfiles.id, ids));
}
