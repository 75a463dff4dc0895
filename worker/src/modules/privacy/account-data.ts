import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ERASED_MARK, type EraseAccountInput } from '@shared/account-schemas';
import type { SessionUser } from '@shared/auth-schemas';
import { chatBookingSessions, chatMessages } from '../assistant/tables';
import { emailOutbox } from '../messaging/email-outbox-tables';
import { pushSubscriptions } from '../messaging/push-tables';
import {
  eventImages,
  googleReviewSubmissions,
  locationSharingSubmissions,
  monthlyParticipations,
  photographySubmissions,
} from '../draws/tables';
import { reviews } from '../reviews/tables';
import { stayRequests } from '../front-desk/tables';
import { guestProfiles } from '../guests/tables';
import { notifications } from '../../platform/tables';
import { pointHistory } from '../loyalty';
import { bookingSubmissions } from '../bookings/tables';
import { pointTransactions, userPoints } from '../loyalty/tables';
import { auditLog } from '../../platform/tables';
import { verifyPassword } from '../accounts';
import { emailCodes, phoneVerificationRequests, userPhones } from '../accounts/tables';
import { sessions, users } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { ApiError, throttled } from '../../platform/api-error';
import { LIMITS, hitStatement, retryAfterSeconds, unhitStatement } from '../../platform/rate-limit';
import { effectiveRole } from '../../platform/sessions';

/**
 * A guest's own data (Oman's Personal Data Protection Law; docs/decisions/043-a-guests-own-data.md; modules/privacy/routes/account.ts):
 *
 * - `exportAccountData`: everything the hotel holds about the signed-in account, read in one
 *   D1 batch, each list bounded. No secret leaves: no password hash, session token, code hash,
 *   push keys or change tokens.
 * - `eraseAccount`: the account is gone in ONE D1 batch. What carries a figure of the hotel
 *   (bookings, the points ledger and balance, reviews, prize-draw entries) stays, anonymised;
 *   everything else personal goes (sessions, phones, codes, notifications, push subscriptions,
 *   queued e-mails, the assistant's conversations, entry photos, online check-in's requests and
 *   ID photos, the words of stay requests). The e-mails' signed links and the devices' grants
 *   stop opening the erased bookings (modules/bookings/booking-lookup.ts).
 *
 * The account's rows are found by its id, and the points (kept by address) by its e-mail.
 */

/** The most rows of one kind an export lists (a guest has a handful; a bound all the same). */
export const EXPORT_LIMIT = 1000;

/** Bookings that still hold a room: the hotel needs the guest's name and phone to receive them. */
const LIVE_STATUSES = ['pending', 'approved', 'confirmed'] as const;

/** Everything the hotel holds about the account, newest first in each list. */
export async function exportAccountData(db: Db, user: SessionUser, currentSessionHash: string) {
  const id = user.id;
  const email = user.email;
  const bookingsOfUser = db
    .select({ id: bookingSubmissions.id })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.userId, id));
  const chatSessionsOfUser = db
    .select({ sessionId: chatBookingSessions.sessionId })
    .from(chatBookingSessions)
    .where(eq(chatBookingSessions.userId, id));
  const [
    accountRows,
    bookings,
    ledger,
    balance,
    reviewRows,
    photography,
    googleReviews,
    locationSharing,
    notificationRows,
    pushRows,
    phones,
    sessionRows,
    conversations,
    messages,
    mails,
    stayRequestRows,
    profileRows,
  ] = await db.batch([
    db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        role: users.role,
        isVerified: users.isVerified,
        hasPassword: sql<number>`${users.passwordHash} is not null`,
        googleLinked: sql<number>`${users.googleSub} is not null`,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, id)),
    db
      .select({
        id: bookingSubmissions.id,
        reference: bookingSubmissions.reference,
        fullName: bookingSubmissions.fullName,
        phoneNumber: bookingSubmissions.phoneNumber,
        email: sql<string | null>`coalesce(${bookingSubmissions.userEmail}, ${bookingSubmissions.email})`,
        idNumber: bookingSubmissions.idNumber,
        checkInDate: bookingSubmissions.checkInDate,
        checkOutDate: bookingSubmissions.checkOutDate,
        roomType: bookingSubmissions.roomType,
        roomNumber: bookingSubmissions.roomNumber,
        bedType: bookingSubmissions.bedType,
        smokingPreference: bookingSubmissions.smokingPreference,
        numberOfGuests: bookingSubmissions.numberOfGuests,
        totalPrice: bookingSubmissions.totalPrice,
        extras: bookingSubmissions.extras,
        status: bookingSubmissions.status,
        statusReason: bookingSubmissions.statusReason,
        isPointsBooking: bookingSubmissions.isPointsBooking,
        pointsUsed: bookingSubmissions.pointsUsed,
        bookingType: bookingSubmissions.bookingType,
        paymentMethod: bookingSubmissions.paymentMethod,
        lang: bookingSubmissions.lang,
        // Online check-in: what the guest told the hotel, and whether an ID photo is kept (the
        // photo itself is read at the desk, not exported).
        checkInArrivalTime: bookingSubmissions.checkInArrivalTime,
        checkInAdults: bookingSubmissions.checkInAdults,
        checkInChildren: bookingSubmissions.checkInChildren,
        checkInRequests: bookingSubmissions.checkInRequests,
        checkInTermsAcceptedAt: bookingSubmissions.checkInTermsAcceptedAt,
        checkedInOnlineAt: bookingSubmissions.checkedInOnlineAt,
        hasIdDocument: sql<number>`${bookingSubmissions.idDocumentKey} is not null`,
        idDocumentUploadedAt: bookingSubmissions.idDocumentUploadedAt,
        checkedInAt: bookingSubmissions.checkedInAt,
        checkedOutAt: bookingSubmissions.checkedOutAt,
        createdAt: bookingSubmissions.createdAt,
        updatedAt: bookingSubmissions.updatedAt,
      })
      .from(bookingSubmissions)
      .where(eq(bookingSubmissions.userId, id))
      .orderBy(desc(bookingSubmissions.id))
      .limit(EXPORT_LIMIT),
    pointHistory(db, email, EXPORT_LIMIT),
    db
      .select({ totalPoints: userPoints.totalPoints, updatedAt: userPoints.updatedAt })
      .from(userPoints)
      .where(eq(userPoints.userEmail, email)),
    db
      .select({
        id: reviews.id,
        name: reviews.name,
        phoneNumber: reviews.phoneNumber,
        starRating: reviews.starRating,
        comment: reviews.comment,
        serviceReview: reviews.serviceReview,
        roomReview: reviews.roomReview,
        overallReview: reviews.overallReview,
        status: reviews.status,
        verifiedStay: reviews.verifiedStay,
        lang: reviews.lang,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, id))
      .orderBy(desc(reviews.id))
      .limit(EXPORT_LIMIT),
    db
      .select({
        id: photographySubmissions.id,
        participantPhone: photographySubmissions.participantPhone,
        isApproved: photographySubmissions.isApproved,
        decidedAt: photographySubmissions.decidedAt,
        submissionDate: photographySubmissions.submissionDate,
        photos: sql<number>`(select count(*) from ${eventImages} where ${eventImages.eventType} = 'photography'
          and ${eventImages.submissionId} = ${photographySubmissions.id})`,
      })
      .from(photographySubmissions)
      .where(eq(photographySubmissions.userId, id))
      .orderBy(desc(photographySubmissions.id))
      .limit(EXPORT_LIMIT),
    db
      .select({
        id: googleReviewSubmissions.id,
        participantPhone: googleReviewSubmissions.participantPhone,
        isApproved: googleReviewSubmissions.isApproved,
        decidedAt: googleReviewSubmissions.decidedAt,
        submissionDate: googleReviewSubmissions.submissionDate,
        screenshots: sql<number>`(select count(*) from ${eventImages} where ${eventImages.eventType} = 'hotel_rating'
          and ${eventImages.submissionId} = ${googleReviewSubmissions.id})`,
      })
      .from(googleReviewSubmissions)
      .where(eq(googleReviewSubmissions.userId, id))
      .orderBy(desc(googleReviewSubmissions.id))
      .limit(EXPORT_LIMIT),
    db
      .select({
        id: locationSharingSubmissions.id,
        participantPhone: locationSharingSubmissions.participantPhone,
        shareCount: locationSharingSubmissions.shareCount,
        isCompleted: locationSharingSubmissions.isCompleted,
        submissionDate: locationSharingSubmissions.submissionDate,
      })
      .from(locationSharingSubmissions)
      .where(eq(locationSharingSubmissions.userId, id))
      .orderBy(desc(locationSharingSubmissions.id))
      .limit(EXPORT_LIMIT),
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        titleAr: notifications.titleAr,
        message: notifications.message,
        messageAr: notifications.messageAr,
        type: notifications.type,
        isRead: notifications.isRead,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, id))
      .orderBy(desc(notifications.id))
      .limit(EXPORT_LIMIT),
    // The endpoint says which browser; its keys are secrets and stay out.
    db
      .select({
        endpoint: pushSubscriptions.endpoint,
        lang: pushSubscriptions.lang,
        createdAt: pushSubscriptions.createdAt,
        lastSuccessAt: pushSubscriptions.lastSuccessAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, id))
      .limit(EXPORT_LIMIT),
    db
      .select({ phoneNumber: userPhones.phoneNumber, verifiedAt: userPhones.verifiedAt })
      .from(userPhones)
      .where(eq(userPhones.userId, id))
      .limit(EXPORT_LIMIT),
    // When each sign-in started and ends, and on which browser; never the token or its hash.
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        current: sql<number>`${sessions.idHash} = ${currentSessionHash}`,
      })
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(desc(sessions.createdAt))
      .limit(EXPORT_LIMIT),
    db
      .select({
        sessionId: chatBookingSessions.sessionId,
        currentStep: chatBookingSessions.currentStep,
        bookingData: chatBookingSessions.bookingData,
        isCompleted: chatBookingSessions.isCompleted,
        createdAt: chatBookingSessions.createdAt,
        updatedAt: chatBookingSessions.updatedAt,
      })
      .from(chatBookingSessions)
      .where(eq(chatBookingSessions.userId, id))
      .limit(EXPORT_LIMIT),
    db
      .select({
        sessionId: chatMessages.sessionId,
        message: chatMessages.message,
        isBot: chatMessages.isBot,
        timestamp: chatMessages.timestamp,
      })
      .from(chatMessages)
      .where(inArray(chatMessages.sessionId, chatSessionsOfUser))
      .orderBy(chatMessages.sessionId, chatMessages.timestamp)
      .limit(EXPORT_LIMIT),
    db
      .select({
        kind: emailOutbox.kind,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, email))
      .orderBy(desc(emailOutbox.id))
      .limit(EXPORT_LIMIT),
    db
      .select({
        bookingId: stayRequests.bookingId,
        type: stayRequests.type,
        note: stayRequests.note,
        requestedTime: stayRequests.requestedTime,
        status: stayRequests.status,
        staffNote: stayRequests.staffNote,
        doneAt: stayRequests.doneAt,
        createdAt: stayRequests.createdAt,
      })
      .from(stayRequests)
      .where(inArray(stayRequests.bookingId, bookingsOfUser))
      .orderBy(desc(stayRequests.id))
      .limit(EXPORT_LIMIT),
    // The guest profile the front desk keeps (nationality, document, preferences; staff's notes
    // and flags are about the guest too).
    db
      .select({
        fullName: guestProfiles.fullName,
        phone: guestProfiles.phone,
        email: guestProfiles.email,
        nationality: guestProfiles.nationality,
        dateOfBirth: guestProfiles.dateOfBirth,
        documentType: guestProfiles.documentType,
        documentNumber: guestProfiles.documentNumber,
        documentExpiry: guestProfiles.documentExpiry,
        preferences: guestProfiles.preferences,
        notes: guestProfiles.notes,
        vip: guestProfiles.vip,
        doNotRent: guestProfiles.doNotRent,
        createdAt: guestProfiles.createdAt,
        updatedAt: guestProfiles.updatedAt,
      })
      .from(guestProfiles)
      .where(eq(guestProfiles.userId, id)),
  ]);
  const account = accountRows[0];
  if (!account) throw new ApiError(401, 'not_signed_in');
  return {
    exportedAt: new Date().toISOString(),
    account: {
      ...account,
      hasPassword: Boolean(account.hasPassword),
      googleLinked: Boolean(account.googleLinked),
    },
    bookings: bookings.map((b) => ({ ...b, hasIdDocument: Boolean(b.hasIdDocument) })),
    stayRequests: stayRequestRows,
    guestProfile: profileRows[0] ?? null,
    points: { balance: balance[0]?.totalPoints ?? 0, ledger },
    reviews: reviewRows,
    entries: { photography, googleReviews, locationSharing },
    notifications: notificationRows,
    pushSubscriptions: pushRows,
    verifiedPhones: phones,
    sessions: sessionRows.map((s) => ({ ...s, current: Boolean(s.current) })),
    assistant: { conversations, messages },
    emails: mails,
  };
}

/**
 * An audit line's JSON with a guest's details blanked wherever it has them (json_replace changes
 * only the keys present): name, phone and ID as the erased mark, addresses and requests gone.
 */
function scrubbedGuestDetails(column: typeof auditLog.before | typeof auditLog.after): SQL {
  return sql`json_replace(${column}, '$.fullName', ${ERASED_MARK}, '$.phoneNumber', ${ERASED_MARK},
    '$.idNumber', ${ERASED_MARK}, '$.email', null, '$.userEmail', null, '$.specialRequests', null)`;
}

/** How an account proves it is its owner before erasure: its password, or its typed e-mail. */
export async function erasureMethod(db: Db, userId: number): Promise<'password' | 'email'> {
  const row = await db
    .select({ hasPassword: sql<number>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw new ApiError(401, 'not_signed_in');
  return row.hasPassword ? 'password' : 'email';
}

const attemptKey = (userId: number) => `erase:user:${userId}`;

/**
 * Erases the signed-in guest's account (see the file's comment). Refused: a staff or admin
 * account (403; an admin closes staff accounts, and the hotel's admin is configuration), a wrong
 * password or e-mail (403, each try counted like a failed login), an account with a booking
 * that still holds a room (409). Answers the image keys (entry photos and ID photos) whose R2
 * objects the caller deletes once the batch has committed.
 */
export async function eraseAccount(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL' | 'PASSWORD_PEPPER'>,
  user: SessionUser,
  input: EraseAccountInput,
  now = Date.now(),
): Promise<{ imageKeys: string[] }> {
  const id = user.id;
  const account = await db.select().from(users).where(eq(users.id, id)).get();
  // Erased a moment ago by another request (its session went with it).
  if (!account) throw new ApiError(401, 'not_signed_in');
  if (effectiveRole(account, env) !== 'guest') throw new ApiError(403, 'erase_staff_account');

  // Each try takes its place in the count first (an atomic upsert), so racing guesses cannot
  // slip past the limit together; a right answer gives its place back in the erasure's batch.
  const limit = LIMITS.erasePerAccount;
  const [counted] = await hitStatement(db, attemptKey(id), limit, now);
  if ((counted?.count ?? 1) > limit.max) throw throttled('too_many_requests', retryAfterSeconds(limit, now));
  const proven = account.passwordHash
    ? input.password !== undefined &&
      (await verifyPassword(input.password, env.PASSWORD_PEPPER, account.passwordHash))
    : input.confirmEmail === account.email;
  if (!proven) throw new ApiError(403, account.passwordHash ? 'erase_password_wrong' : 'erase_email_wrong');

  const live = await db
    .select({ id: bookingSubmissions.id })
    .from(bookingSubmissions)
    .where(and(eq(bookingSubmissions.userId, id), inArray(bookingSubmissions.status, [...LIVE_STATUSES])))
    .limit(1)
    .get();
  if (live) throw new ApiError(409, 'erase_live_bookings');

  // The photos and screenshots of the account's entries: their rows go in the batch, their R2
  // objects after it has committed.
  const photographyOfUser = sql`select ${photographySubmissions.id} from ${photographySubmissions} where ${photographySubmissions.userId} = ${id}`;
  const ratingsOfUser = sql`select ${googleReviewSubmissions.id} from ${googleReviewSubmissions} where ${googleReviewSubmissions.userId} = ${id}`;
  const imagesOfUser = or(
    and(eq(eventImages.eventType, 'photography'), sql`${eventImages.submissionId} in (${photographyOfUser})`),
    and(eq(eventImages.eventType, 'hotel_rating'), sql`${eventImages.submissionId} in (${ratingsOfUser})`),
  )!;
  const images = await db.select({ r2Key: eventImages.r2Key }).from(eventImages).where(imagesOfUser);
  // The ID photos of the account's bookings (online check-in): blanked on the rows in the batch,
  // their R2 objects deleted after it has committed, as the entries' photos.
  const idPhotos = await db
    .select({ key: bookingSubmissions.idDocumentKey })
    .from(bookingSubmissions)
    .where(and(eq(bookingSubmissions.userId, id), sql`${bookingSubmissions.idDocumentKey} is not null`));

  // Every statement runs only while the account exists and holds no live booking when the
  // batch reaches it: of two erasures at once the second changes nothing, and a booking made
  // between the check above and the batch stops the whole erasure.
  const guard: SQL = sql`exists (select 1 from ${users} where ${users.id} = ${id}) and not exists (
    select 1 from ${bookingSubmissions} where ${bookingSubmissions.userId} = ${id}
      and ${bookingSubmissions.status} in ('pending', 'approved', 'confirmed'))`;
  // The points stay, kept by a mark that names nobody (unique, so the balance stays its ledger's sum).
  const pointsMark = `erased:${crypto.randomUUID()}`;
  const entryPhones = sql`select ${photographySubmissions.participantPhone} from ${photographySubmissions} where ${photographySubmissions.userId} = ${id}
    union select ${googleReviewSubmissions.participantPhone} from ${googleReviewSubmissions} where ${googleReviewSubmissions.userId} = ${id}
    union select ${locationSharingSubmissions.participantPhone} from ${locationSharingSubmissions} where ${locationSharingSubmissions.userId} = ${id}`;
  const chatSessionsOfUser = sql`select ${chatBookingSessions.sessionId} from ${chatBookingSessions} where ${chatBookingSessions.userId} = ${id}
    union select ${bookingSubmissions.chatSessionId} from ${bookingSubmissions}
      where ${bookingSubmissions.userId} = ${id} and ${bookingSubmissions.chatSessionId} is not null`;
  const count = (table: SQL) => sql`(select count(*) from ${table} where user_id = ${id})`;

  const results = await db.batch([
    // The audit line: what was kept, never who it was (no name, e-mail or actor).
    insertWhere(
      db,
      auditLog,
      {
        actorUserId: null,
        actorEmail: null,
        action: 'account.erase',
        entityType: 'user',
        entityId: String(id),
        before: null,
        after: sql`json_object('bookings', ${count(sql`booking_submissions`)}, 'reviews', ${count(sql`reviews`)},
          'entries', ${count(sql`photography_submissions`)} + ${count(sql`google_review_submissions`)} + ${count(sql`location_sharing_submissions`)},
          'pointTransactions', (select count(*) from point_transactions where user_email = ${account.email}))`,
      },
      guard,
    ),
    db
      .update(pointTransactions)
      .set({ userEmail: pointsMark })
      .where(and(eq(pointTransactions.userEmail, account.email), guard)),
    db
      .update(userPoints)
      .set({ userEmail: pointsMark })
      .where(and(eq(userPoints.userEmail, account.email), guard)),
    // The once-a-month rule's rows of the account's entry phones (they name the phone only).
    db
      .delete(monthlyParticipations)
      .where(and(sql`${monthlyParticipations.participantPhone} in (${entryPhones})`, guard)),
    db.delete(eventImages).where(and(imagesOfUser, guard)),
    ...[photographySubmissions, googleReviewSubmissions, locationSharingSubmissions].map((table) =>
      db
        .update(table)
        .set({ participantPhone: ERASED_MARK, deviceId: null, userId: null })
        .where(and(eq(table.userId, id), guard)),
    ),
    db
      .update(reviews)
      .set({ name: null, phoneNumber: null, deviceId: null, userId: null })
      .where(and(eq(reviews.userId, id), guard)),
    // The assistant's conversations: before the bookings forget which was theirs.
    db.delete(chatMessages).where(and(sql`${chatMessages.sessionId} in (${chatSessionsOfUser})`, guard)),
    db.delete(chatBookingSessions).where(and(eq(chatBookingSessions.userId, id), guard)),
    // Staff's audit lines about the account's bookings keep what happened, not who: the guest's
    // details copied into them (an edited booking's before and after, an online check-in's
    // requests) are blanked. Along the audit log's entity index (before the bookings forget
    // whose they were).
    db
      .update(auditLog)
      .set({ before: scrubbedGuestDetails(auditLog.before), after: scrubbedGuestDetails(auditLog.after) })
      .where(
        and(
          eq(auditLog.entityType, 'booking'),
          sql`${auditLog.entityId} in (select cast(${bookingSubmissions.id} as text) from ${bookingSubmissions} where ${bookingSubmissions.userId} = ${id})`,
          guard,
        ),
      ),
    // The stay requests' words (the guest's and the staff's answers to them): the request itself
    // (towels, a late check-out) stays, a figure of the hotel's service.
    db
      .update(stayRequests)
      .set({ note: null, staffNote: null })
      .where(
        and(
          sql`${stayRequests.bookingId} in (select ${bookingSubmissions.id} from ${bookingSubmissions} where ${bookingSubmissions.userId} = ${id})`,
          guard,
        ),
      ),
    // The account's guest profile goes, and what staff's audit lines copied of it.
    db
      .update(auditLog)
      .set({ before: null, after: null })
      .where(
        and(
          eq(auditLog.entityType, 'guest_profile'),
          sql`${auditLog.entityId} in (select cast(${guestProfiles.id} as text) from ${guestProfiles} where ${guestProfiles.userId} = ${id})`,
          guard,
        ),
      ),
    db.delete(guestProfiles).where(and(eq(guestProfiles.userId, id), guard)),
    db
      .update(bookingSubmissions)
      .set({
        profileId: null,
        fullName: ERASED_MARK,
        phoneNumber: ERASED_MARK,
        idNumber: ERASED_MARK,
        userEmail: null,
        email: null,
        deviceId: null,
        clientHash: null,
        chatSessionId: null,
        // Online check-in's words and the ID photo (its object goes after the batch); the ID data
        // counts as purged, so the retention job passes it by.
        checkInRequests: null,
        idDocumentKey: null,
        idDocumentType: null,
        idDataPurgedAt: new Date(now),
        userId: null,
      })
      .where(and(eq(bookingSubmissions.userId, id), guard)),
    db.delete(notifications).where(and(eq(notifications.userId, id), guard)),
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, id), guard)),
    db
      .delete(phoneVerificationRequests)
      .where(
        and(
          sql`${phoneVerificationRequests.phoneNumber} in (select ${userPhones.phoneNumber} from ${userPhones} where ${userPhones.userId} = ${id})`,
          guard,
        ),
      ),
    db.delete(userPhones).where(and(eq(userPhones.userId, id), guard)),
    db.delete(emailCodes).where(and(eq(emailCodes.userId, id), guard)),
    db.delete(emailOutbox).where(and(eq(emailOutbox.recipient, account.email), guard)),
    db.delete(sessions).where(and(eq(sessions.userId, id), guard)),
    unhitStatement(db, attemptKey(id), limit, now),
    // Last: every statement above has read the account's rows through its id.
    db
      .delete(users)
      .where(and(eq(users.id, id), guard))
      .returning({ id: users.id }),
  ]);
  const erased = results[results.length - 1] as { id: number }[];
  if (erased.length === 0) {
    // Erased by a racing request, or a booking made meanwhile.
    const still = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).get();
    if (!still) throw new ApiError(401, 'not_signed_in');
    throw new ApiError(409, 'erase_live_bookings');
  }
  return { imageKeys: [...images.map((i) => i.r2Key), ...idPhotos.flatMap((p) => (p.key ? [p.key] : []))] };
}
