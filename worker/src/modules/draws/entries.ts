import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { EventType, Language } from '@shared/constants';
import { hotelMonth } from '@shared/dates';
import {
  MAX_IMAGES_PER_ENTRY,
  minimumImages,
  QUICK_REJECT_NOTE,
  type GoogleReviewSubmissionInput,
  type ImageEventType,
  type LocationSharingSubmissionInput,
  type PhotographySubmissionInput,
  type SubmissionStatus,
} from '@shared/event-schemas';
import {
  eventImages,
  eventSettings,
  googleReviewSubmissions,
  locationSharingSubmissions,
  monthlyParticipations,
  photographySubmissions,
} from './tables';
import { notifications } from '../../platform/tables';
import { auditLog } from '../../platform/tables';
import type { SessionUser } from '@shared/auth-schemas';
import type { Db } from '../../platform/env';
import { auditEntry } from '../../platform/audit';
import { insertWhere } from '../../platform/atomic';
import { notifyStatements } from '../../platform/notify';
import { ApiError } from '../../platform/api-error';
import {
  claimKey,
  createdAnswer,
  createOnce,
  idempotencyOf,
  storeAnswer,
  storedAnswerQuery,
  uniqueViolation,
  type Idempotency,
} from '../../platform/idempotency';
import { checkImage, decodeBase64Image, EXTENSIONS } from '../../platform/images';
import { ENTRY_DECISION_TEXT, text } from '../../platform/messages';
import { storedPhone } from '../../platform/phone-numbers';

/**
 * Monthly prize-draw entries (guest spec sections 4, 5, 7; admin spec "Event
 * moderation"), shared by the entry, upload, image and settings routes.
 *
 * - An entry is created in ONE D1 batch: the Idempotency-Key, the monthly
 *   participation (a unique index: phone, event type, month in Asia/Muscat),
 *   the entry, its images and the stored answer. Any conflict rolls it all back.
 * - Each decision writes the participant's notification and the audit line in
 *   the batch that decides, only if this request decided (platform/atomic.ts rule).
 */

export type Kind = 'photography' | 'google_review' | 'location_sharing';
export const EVENT_OF: Record<Kind, EventType> = {
  photography: 'photography',
  google_review: 'hotel_rating',
  location_sharing: 'location_sharing',
};

/** Each kind's table (its phone and submission instant name a new entry, platform/notify.ts). */
const TABLE_OF = {
  photography: photographySubmissions,
  google_review: googleReviewSubmissions,
  location_sharing: locationSharingSubmissions,
} satisfies Record<Kind, unknown>;

export function imageUrl(id: string) {
  return `/api/event-images/${id}`;
}

export function statusOf(decidedAt: Date | null, isApproved: boolean | null): SubmissionStatus {
  if (!decidedAt) return 'pending';
  return isApproved ? 'approved' : 'rejected';
}

export function settingQuery(db: Db, eventType: EventType) {
  return db
    .select({
      isEnabled: eventSettings.isEnabled,
      requirePhoneVerification: eventSettings.requirePhoneVerification,
    })
    .from(eventSettings)
    .where(eq(eventSettings.eventType, eventType));
}

/** No row means the event was never switched off. */
export const isEnabled = (rows: { isEnabled: boolean }[]) => rows[0]?.isEnabled ?? true;
/** Entries need a phone proven by a code (modules/accounts/phone-verification.ts) unless an admin turned it off. */
export const requiresPhoneProof = (rows: { requirePhoneVerification: boolean }[]) =>
  rows[0]?.requirePhoneVerification ?? true;

// ---------------------------------------------------------------------------
// Creating an entry

export type NewEntry<Answer extends Record<string, unknown>> = {
  kind: Kind;
  phone: string;
  /** Uploads made with PUT /event-uploads, in the entry's order. */
  uploadIds: string[];
  /** Images sent inline in the spec's JSON shapes (base64). */
  inline: string[];
  minImages: number;
  /** The entry's own insert (returning its row), as its sender (account and device, or null) and in
   * the language the entrant uses (the entry's e-mails are written in it). */
  insert: (
    db: Db,
    now: Date,
    sender: Pick<EntrySender, 'userId' | 'deviceId'> & { lang: Language },
  ) => BatchItem<'sqlite'>;
  /** The answer without its id. */
  answer: (now: Date, imageCount: number) => Answer;
};

/**
 * Who sends an entry: the signed-in entrant (or none), the device (`X-Device-Id`, whose push
 * subscription hears of the decision; or none), the request's Idempotency-Key header, the
 * entrant's language, and whether the entry's phone is proven for this request (asked only when
 * the event needs it).
 */
export type EntrySender = {
  userId: number | null;
  deviceId: string | null;
  idempotencyKey: string | undefined;
  lang?: Language;
  phoneProven: () => Promise<boolean>;
};

/**
 * Creates an entry once per Idempotency-Key (platform/idempotency.ts `createOnce`); answers the
 * entry's answer with its id, and whether it is the first answer replayed.
 */
export async function createEntry<Answer extends Record<string, unknown>>(
  db: Db,
  images: R2Bucket,
  sender: EntrySender,
  body: unknown,
  entry: NewEntry<Answer>,
) {
  const eventType = EVENT_OF[entry.kind];
  const imageCount = entry.uploadIds.length + entry.inline.length;
  if (imageCount < entry.minImages)
    throw new ApiError(400, 'validation_failed', { images: 'images_too_few' });
  if (imageCount > MAX_IMAGES_PER_ENTRY) {
    throw new ApiError(400, 'validation_failed', { images: 'images_too_many' });
  }

  const idem = await idempotencyOf(sender.idempotencyKey, entry.kind, body);
  const noKey: Idempotency = { scope: '', key: '', requestHash: '' };
  const [stored, setting, uploads] = await db.batch([
    storedAnswerQuery(db, idem ?? noKey),
    settingQuery(db, eventType),
    db
      .select({
        id: eventImages.id,
        eventType: eventImages.eventType,
        submissionId: eventImages.submissionId,
      })
      .from(eventImages)
      .where(inArray(eventImages.id, entry.uploadIds.length > 0 ? entry.uploadIds : [''])),
  ]);
  const outcome = await createOnce(db, idem, idem ? stored[0] : undefined, async () => {
    if (!isEnabled(setting)) throw new ApiError(403, 'event_closed');
    if (requiresPhoneProof(setting) && !(await sender.phoneProven())) {
      throw new ApiError(403, 'phone_unverified');
    }
    for (const id of entry.uploadIds) {
      const upload = uploads.find((u) => u.id === id);
      if (!upload || upload.eventType !== eventType) throw new ApiError(400, 'upload_not_found');
      if (upload.submissionId !== null) throw new ApiError(409, 'upload_already_used');
    }

    // Inline images: checked, then stored in R2 before the batch (removed again if it fails).
    const inline = entry.inline.map((text) => {
      const bytes = decodeBase64Image(text);
      return { id: crypto.randomUUID(), bytes, contentType: checkImage(bytes) };
    });
    const now = new Date();
    const month = hotelMonth(now);
    const storedInline = await Promise.all(
      inline.map(async (image) => {
        const r2Key = newR2Key(eventType as ImageEventType, month, image.contentType);
        await images.put(r2Key, image.bytes, { httpMetadata: { contentType: image.contentType } });
        return { ...image, r2Key };
      }),
    );
    const imageIds = [...entry.uploadIds, ...storedInline.map((i) => i.id)];

    const statements: BatchItem<'sqlite'>[] = [];
    if (idem) statements.push(claimKey(db, idem));
    for (const image of storedInline) {
      statements.push(
        db.insert(eventImages).values({
          id: image.id,
          eventType,
          r2Key: image.r2Key,
          contentType: image.contentType,
          byteSize: image.bytes.byteLength,
        }),
      );
    }
    statements.push(
      db
        .insert(monthlyParticipations)
        .values({ participantPhone: entry.phone, eventType, participationMonth: month, submissionDate: now }),
    );
    const entryIndex = statements.push(entry.insert(db, now, { ...sender, lang: sender.lang ?? 'ar' })) - 1;
    if (imageIds.length > 0) {
      // The entry was the last insert: its id is last_insert_rowid(); order as sent.
      const position = sql.join(
        [sql`case ${eventImages.id}`, ...imageIds.map((id, i) => sql`when ${id} then ${i}`), sql`end`],
        sql` `,
      );
      statements.push(
        db
          .update(eventImages)
          .set({ submissionId: sql`last_insert_rowid()`, position, updatedAt: now })
          .where(and(inArray(eventImages.id, imageIds), isNull(eventImages.submissionId))),
      );
    }
    const response = entry.answer(now, imageCount);
    if (idem) statements.push(storeAnswer(db, idem, response));
    // The entry is the one of this phone made at this instant (one per phone, type and month).
    // Last: the images' attachment and the stored answer read last_insert_rowid() (the entry's),
    // which an outbox insert would change.
    const table = TABLE_OF[entry.kind];
    statements.push(
      ...notifyStatements(db, {
        kind: 'entry_received',
        entry: entry.kind,
        where: sql`${table.participantPhone} = ${entry.phone} and ${table.submissionDate} = ${now.getTime()}`,
      }),
    );

    try {
      const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
      const created = results[entryIndex] as { id: number }[];
      return { ...response, id: created[0]!.id };
    } catch (err) {
      await Promise.all(storedInline.map((image) => images.delete(image.r2Key)));
      if (uniqueViolation(err) === 'monthly_participations') throw new ApiError(409, 'already_participated');
      throw err;
    }
  });
  return createdAnswer(outcome);
}

export function newR2Key(eventType: ImageEventType, month: string, contentType: keyof typeof EXTENSIONS) {
  return `events/${eventType}/${month}/${crypto.randomUUID()}.${EXTENSIONS[contentType]}`;
}

// ---------------------------------------------------------------------------
// Listing and deciding (staff)

/**
 * The two moderated entry tables share every column moderation reads and writes
 * (the review table adds `source`, read separately). The check below fails to
 * compile if that ever stops being true, so the one narrowing cast stays sound.
 */
type ModeratedTable = typeof photographySubmissions;
type ModeratedColumns = keyof ModeratedTable['_']['columns'];
type ReviewColumns = keyof (typeof googleReviewSubmissions)['_']['columns'];
const sameColumns: ModeratedColumns extends ReviewColumns ? true : never = true;
void sameColumns;
export type ModeratedKind = 'photography' | 'google_review';
const MODERATED: Record<ModeratedKind, ModeratedTable> = {
  photography: photographySubmissions,
  // Same columns for everything moderation touches (checked above; `source` read separately).
  google_review: googleReviewSubmissions as unknown as ModeratedTable,
};
export const LIST_LIMIT = 500;

export async function listModerated(db: Db, kind: ModeratedKind) {
  const table = MODERATED[kind];
  const [rows, images] = await db.batch([
    db.select().from(table).orderBy(desc(table.submissionDate), desc(table.id)).limit(LIST_LIMIT),
    db
      .select()
      .from(eventImages)
      .where(
        and(
          eq(eventImages.eventType, EVENT_OF[kind]),
          inArray(
            eventImages.submissionId,
            db
              .select({ id: table.id })
              .from(table)
              .orderBy(desc(table.submissionDate), desc(table.id))
              .limit(LIST_LIMIT),
          ),
        ),
      )
      .orderBy(eventImages.position),
  ]);
  return rows.map((row) =>
    present(
      kind,
      row as ModeratedRow,
      images.filter((i) => i.submissionId === row.id),
    ),
  );
}

type ModeratedRow = typeof photographySubmissions.$inferSelect & { source?: string };
export type ImageRow = typeof eventImages.$inferSelect;

export function present(kind: ModeratedKind, row: ModeratedRow, images: ImageRow[]) {
  const listed = images.map((i) => ({
    id: i.id,
    url: imageUrl(i.id),
    contentType: i.contentType,
    byteSize: i.byteSize,
  }));
  const urls = listed.map((i) => i.url);
  const common = {
    id: row.id,
    participantPhone: row.participantPhone,
    submissionDate: row.submissionDate,
    isApproved: kind === 'google_review' && !row.decidedAt ? null : row.isApproved,
    adminNotes: row.adminNotes,
    status: statusOf(row.decidedAt, row.isApproved),
    decidedAt: row.decidedAt,
    images: listed,
  };
  return kind === 'photography'
    ? { ...common, photoUrls: urls }
    : { ...common, source: row.source ?? 'modal', screenshotUrls: urls, screenshotUrl: urls[0] ?? null };
}

const TYPE_PREFIX: Record<ModeratedKind, string> = { photography: 'photography', google_review: 'rating' };

/** The notification a decision writes (admin spec: reject messages append the notes or a default). */
export function decisionNotification(kind: ModeratedKind, approved: boolean, notes: string | null) {
  const decision = ENTRY_DECISION_TEXT[kind][approved ? 'approved' : 'rejected'];
  const type = `${TYPE_PREFIX[kind]}_${approved ? 'approved' : 'rejected'}`;
  if (approved) return { ...decision, type };
  const withNotes = (lang: Language, message: string) =>
    text(lang, 'entry_decision.rejected_with_notes', {
      message,
      notes: notes || text(lang, 'entry_decision.contact_us'),
    });
  return {
    ...decision,
    type,
    message: withNotes('en', decision.message),
    messageAr: withNotes('ar', decision.messageAr),
  };
}

export async function decide(
  db: Db,
  user: SessionUser,
  kind: ModeratedKind,
  id: number,
  approved: boolean,
  rawNotes: string | null | undefined,
) {
  const table = MODERATED[kind];
  const notes = rawNotes?.trim() || (approved ? null : QUICK_REJECT_NOTE);
  const [before] = await db.select().from(table).where(eq(table.id, id));
  if (!before) throw new ApiError(404, 'not_found');
  if (before.decidedAt) throw new ApiError(409, 'already_decided');

  const now = new Date();
  const note = decisionNotification(kind, approved, rawNotes?.trim() || null);
  // Written only if this request made the decision (same decider, same instant).
  const decidedHere = sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${table.decidedAt} = ${now.getTime()} and ${table.decidedByUserId} = ${user.id})`;
  const after = { status: approved ? 'approved' : 'rejected', adminNotes: notes };
  const entity = kind === 'photography' ? 'photography_submission' : 'google_review_submission';
  const audit = auditEntry(
    user,
    approved ? 'approve' : 'reject',
    entity,
    id,
    {
      status: 'pending',
      adminNotes: before.adminNotes,
    },
    after,
  );
  const [updated, , , images] = await db.batch([
    db
      .update(table)
      .set({
        isApproved: approved,
        adminNotes: notes,
        decidedByUserId: user.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(table.id, id), isNull(table.decidedAt)))
      .returning(),
    insertWhere(
      db,
      notifications,
      {
        userPhone: before.participantPhone,
        title: note.title,
        titleAr: note.titleAr,
        message: note.message,
        messageAr: note.messageAr,
        type: note.type,
        isRead: false,
        createdAt: now,
        updatedAt: now,
        userId: before.userId,
        bookingId: null,
        entryType: kind,
        entryId: id,
      },
      decidedHere,
    ),
    insertWhere(db, auditLog, { ...audit, createdAt: now, updatedAt: now }, decidedHere),
    db
      .select()
      .from(eventImages)
      .where(and(eq(eventImages.eventType, EVENT_OF[kind]), eq(eventImages.submissionId, id)))
      .orderBy(eventImages.position),
    ...notifyStatements(db, {
      kind: approved ? 'entry_approved' : 'entry_rejected',
      entry: kind,
      where: sql`${table.id} = ${id} and ${table.decidedAt} = ${now.getTime()} and ${table.decidedByUserId} = ${user.id}`,
    }),
  ]);
  const row = updated[0];
  if (!row) throw new ApiError(409, 'already_decided');
  return present(kind, { ...(row as ModeratedRow), source: (before as ModeratedRow).source }, images);
}

/** The location-sharing entries, newest first (staff; not moderated). */
export function listLocationSharing(db: Db) {
  return db
    .select({
      id: locationSharingSubmissions.id,
      participantPhone: locationSharingSubmissions.participantPhone,
      submissionDate: locationSharingSubmissions.submissionDate,
      shareCount: locationSharingSubmissions.shareCount,
      isCompleted: locationSharingSubmissions.isCompleted,
    })
    .from(locationSharingSubmissions)
    .orderBy(desc(locationSharingSubmissions.submissionDate), desc(locationSharingSubmissions.id))
    .limit(LIST_LIMIT);
}

/** A photography entry (3+ photos): its row and its answer. */
export function photographyEntry(body: PhotographySubmissionInput) {
  const phone = storedPhone(body.participantPhone, 'participantPhone');
  return {
    kind: 'photography',
    phone,
    uploadIds: body.uploadIds ?? [],
    inline: body.photoUrls ?? [],
    minImages: minimumImages('photography'),
    insert: (db, now, { userId, deviceId, lang }) =>
      db
        .insert(photographySubmissions)
        .values({ participantPhone: phone, submissionDate: now, userId, deviceId, lang })
        .returning({ id: photographySubmissions.id }),
    answer: (now, imageCount) => ({
      participantPhone: phone,
      submissionDate: now.toISOString(),
      imageCount,
      status: 'pending' as const,
    }),
  } satisfies NewEntry<Record<string, unknown>>;
}

/** A hotel-rating (Google review) entry, with screenshots uploaded or inline. */
export function googleReviewEntry(body: GoogleReviewSubmissionInput) {
  const phone = storedPhone(body.participantPhone, 'participantPhone');
  return {
    kind: 'google_review',
    phone,
    uploadIds: body.uploadIds ?? [],
    inline: [...(body.screenshotsBase64 ?? []), ...(body.screenshotBase64 ? [body.screenshotBase64] : [])],
    minImages: minimumImages(body.source),
    insert: (db, now, { userId, deviceId, lang }) =>
      db
        .insert(googleReviewSubmissions)
        .values({ participantPhone: phone, submissionDate: now, source: body.source, userId, deviceId, lang })
        .returning({ id: googleReviewSubmissions.id }),
    answer: (now, imageCount) => ({
      participantPhone: phone,
      submissionDate: now.toISOString(),
      imageCount,
      source: body.source,
      status: 'pending' as const,
    }),
  } satisfies NewEntry<Record<string, unknown>>;
}

/** A location-sharing entry (its shares counted on the device; no images). */
export function locationSharingEntry(body: LocationSharingSubmissionInput) {
  const phone = storedPhone(body.participantPhone, 'participantPhone');
  return {
    kind: 'location_sharing',
    phone,
    uploadIds: [],
    inline: [],
    minImages: 0,
    insert: (db, now, { userId, deviceId, lang }) =>
      db
        .insert(locationSharingSubmissions)
        .values({
          userId,
          lang,
          deviceId,
          participantPhone: phone,
          submissionDate: now,
          shareCount: body.shareCount,
          isCompleted: true,
        })
        .returning({ id: locationSharingSubmissions.id }),
    answer: (now) => ({
      participantPhone: phone,
      submissionDate: now.toISOString(),
      shareCount: body.shareCount,
      isCompleted: true as const,
    }),
  } satisfies NewEntry<Record<string, unknown>>;
}
