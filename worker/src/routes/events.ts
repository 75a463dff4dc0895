import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/src/booking-schemas';
import { EVENT_RULES, EVENT_TYPES, type EventType } from '../../../shared/src/constants';
import { hotelMonth } from '../../../shared/src/dates';
import { normalizePhone } from '../../../shared/src/digits';
import {
  eventSettingSchema,
  eventTypeSchema,
  googleReviewSubmissionSchema,
  locationSharingSubmissionSchema,
  minimumImages,
  moderationNotesSchema,
  moderationStatusSchema,
  participationCheckSchema,
  photographySubmissionSchema,
  QUICK_REJECT_NOTE,
  uploadParamSchema,
  uploadQuerySchema,
  type ImageEventType,
  type SubmissionStatus,
} from '../../../shared/src/event-schemas';
import {
  eventImages,
  eventSettings,
  googleReviewSubmissions,
  locationSharingSubmissions,
  monthlyParticipations,
  notifications,
  photographySubmissions,
} from '../db/schema/events';
import { auditLog } from '../db/schema/operations';
import type { AppEnv, Db } from '../env';
import { auditEntry } from '../lib/audit';
import { requireRole, type AuthedEnv } from '../lib/auth';
import { ApiError } from '../lib/errors';
import {
  answer,
  claimKey,
  idempotencyFrom,
  replayOf,
  storeAnswer,
  storedAnswerQuery,
  uniqueViolation,
  type Idempotency,
} from '../lib/idempotency';
import { checkImage, decodeBase64Image, EXTENSIONS, readLimited } from '../lib/images';
import { hit, LIMITS, retryAfterSeconds } from '../lib/rate-limit';
import { clientAddress } from '../lib/request';
import { readSession } from '../lib/sessions';
import { validate } from '../lib/validation';

/**
 * Monthly prize draws (guest spec sections 4, 5, 7; admin spec "Event
 * moderation"; DESIGN.md "Events, uploads and the offline outbox").
 *
 * - Files arrive one at a time (`PUT /event-uploads/{uploadId}`, the id made
 *   on the device, so a retry is harmless), are checked by their first bytes
 *   and size, and go to R2 under a key the server makes.
 * - An entry is created in ONE D1 batch: the Idempotency-Key, the monthly
 *   participation (a unique index: phone, event type, month in Asia/Muscat),
 *   the entry, its images and the stored answer. Any conflict rolls it all back.
 * - Only staff list entries and read images; each decision writes the
 *   participant's notification in the same batch.
 */

type Kind = 'photography' | 'google_review' | 'location_sharing';
const EVENT_OF: Record<Kind, EventType> = {
  photography: 'photography',
  google_review: 'hotel_rating',
  location_sharing: 'location_sharing',
};

function imageUrl(id: string) {
  return `/api/event-images/${id}`;
}

function statusOf(decidedAt: Date | null, isApproved: boolean | null): SubmissionStatus {
  if (!decidedAt) return 'pending';
  return isApproved ? 'approved' : 'rejected';
}

function settingQuery(db: Db, eventType: EventType) {
  return db
    .select({ isEnabled: eventSettings.isEnabled })
    .from(eventSettings)
    .where(eq(eventSettings.eventType, eventType));
}

/** No row means the event was never switched off. */
const isEnabled = (rows: { isEnabled: boolean }[]) => rows[0]?.isEnabled ?? true;

// ---------------------------------------------------------------------------
// Creating an entry

type NewEntry = {
  kind: Kind;
  phone: string;
  /** Uploads made with PUT /event-uploads, in the entry's order. */
  uploadIds: string[];
  /** Images sent inline in the spec's JSON shapes (base64). */
  inline: string[];
  minImages: number;
  /** The entry's own insert (returning its row); `userId` is the signed-in entrant or null. */
  insert: (db: Db, now: Date, userId: number | null) => BatchItem<'sqlite'>;
  /** The answer without its id. */
  answer: (now: Date, imageCount: number) => Record<string, unknown>;
};

async function createEntry(c: Context<AppEnv>, body: unknown, entry: NewEntry) {
  const db = c.get('db');
  const eventType = EVENT_OF[entry.kind];
  const imageCount = entry.uploadIds.length + entry.inline.length;
  if (imageCount < entry.minImages)
    throw new ApiError(400, 'validation_failed', { images: 'images_too_few' });
  if (imageCount > 10) throw new ApiError(400, 'validation_failed', { images: 'images_too_many' });

  const idem = await idempotencyFrom(c, entry.kind, body);
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
  const replay = idem && replayOf(idem, stored[0]);
  if (replay) return answer(c, replay, true);
  if (!isEnabled(setting)) throw new ApiError(403, 'event_closed');
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
  const stored2 = await Promise.all(
    inline.map(async (image) => {
      const r2Key = newR2Key(eventType as ImageEventType, month, image.contentType);
      await c.env.IMAGES.put(r2Key, image.bytes, { httpMetadata: { contentType: image.contentType } });
      return { ...image, r2Key };
    }),
  );
  const imageIds = [...entry.uploadIds, ...stored2.map((i) => i.id)];

  const statements: BatchItem<'sqlite'>[] = [];
  if (idem) statements.push(claimKey(db, idem));
  for (const image of stored2) {
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
  const session = await readSession(c);
  const entryIndex = statements.push(entry.insert(db, now, session?.user.id ?? null)) - 1;
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

  try {
    const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    const created = results[entryIndex] as { id: number }[];
    return answer(c, { status: 201, body: { ...response, id: created[0]!.id } }, false);
  } catch (err) {
    await Promise.all(stored2.map((image) => c.env.IMAGES.delete(image.r2Key)));
    const index = uniqueViolation(err);
    if (index === 'idempotency_keys' && idem) {
      // The same entry sent twice at once: the other request won; answer its result.
      const [row] = await storedAnswerQuery(db, idem);
      const again = replayOf(idem, row);
      if (again) return answer(c, again, true);
    }
    if (index === 'monthly_participations') throw new ApiError(409, 'already_participated');
    throw err;
  }
}

function newR2Key(eventType: ImageEventType, month: string, contentType: keyof typeof EXTENSIONS) {
  return `events/${eventType}/${month}/${crypto.randomUUID()}.${EXTENSIONS[contentType]}`;
}

// ---------------------------------------------------------------------------
// Listing and deciding (staff)

type ModeratedTable = typeof photographySubmissions;
type ModeratedKind = 'photography' | 'google_review';
const MODERATED: Record<ModeratedKind, ModeratedTable> = {
  photography: photographySubmissions,
  // Same columns for everything moderation touches (plus `source`, read separately).
  google_review: googleReviewSubmissions as unknown as ModeratedTable,
};
const LIST_LIMIT = 500;

async function listModerated(db: Db, kind: ModeratedKind) {
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
type ImageRow = typeof eventImages.$inferSelect;

function present(kind: ModeratedKind, row: ModeratedRow, images: ImageRow[]) {
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

const NOTIFICATION_TEXT = {
  photography: {
    approved: {
      title: 'Your photography entry was approved',
      titleAr: 'تم قبول مشاركتك في مسابقة التصوير',
      message: "Congratulations! Your photos are in this month's draw. We will call you if you win.",
      messageAr: 'تهانينا! صورك مشاركة في سحب هذا الشهر، وسنتصل بك إذا فزت.',
    },
    rejected: {
      title: 'Your photography entry was not accepted',
      titleAr: 'لم تُقبل مشاركتك في مسابقة التصوير',
      message: 'Your photography entry was not accepted.',
      messageAr: 'لم تُقبل مشاركتك في مسابقة التصوير.',
    },
  },
  google_review: {
    approved: {
      title: 'Your hotel rating entry was approved',
      titleAr: 'تم قبول مشاركتك في سحب تقييم الفندق',
      message: "Thank you! Your entry is in this month's draw. We will call you if you win.",
      messageAr: 'شكراً لك! مشاركتك في سحب هذا الشهر، وسنتصل بك إذا فزت.',
    },
    rejected: {
      title: 'Your hotel rating entry was not accepted',
      titleAr: 'لم تُقبل مشاركتك في سحب تقييم الفندق',
      message: 'Your hotel rating entry was not accepted.',
      messageAr: 'لم تُقبل مشاركتك في سحب تقييم الفندق.',
    },
  },
} as const;

const TYPE_PREFIX: Record<ModeratedKind, string> = { photography: 'photography', google_review: 'rating' };

/** The notification a decision writes (admin spec: reject messages append the notes or a default). */
function decisionNotification(kind: ModeratedKind, approved: boolean, notes: string | null) {
  const text = NOTIFICATION_TEXT[kind][approved ? 'approved' : 'rejected'];
  const type = `${TYPE_PREFIX[kind]}_${approved ? 'approved' : 'rejected'}`;
  if (approved) return { ...text, type };
  return {
    ...text,
    type,
    message: `${text.message} ${notes || 'Please contact us for more information.'}`,
    messageAr: `${text.messageAr} ${notes || 'يرجى التواصل معنا لمزيد من المعلومات.'}`,
  };
}

async function decide(
  c: Context<AuthedEnv>,
  kind: ModeratedKind,
  id: number,
  approved: boolean,
  rawNotes: string | null | undefined,
) {
  const db = c.get('db');
  const table = MODERATED[kind];
  const user = c.get('user');
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
    // Columns in table order: id (null: next), the values, is_read, created_at, updated_at,
    // then the account, booking and entry it is about.
    db
      .insert(notifications)
      .select(
        sql`select null, ${before.participantPhone}, ${note.title}, ${note.titleAr}, ${note.message}, ${note.messageAr}, ${note.type}, 0, ${now.getTime()}, ${now.getTime()}, ${before.userId}, null, ${kind}, ${id} where ${decidedHere}`,
      ),
    db
      .insert(auditLog)
      .select(
        sql`select null, ${audit.actorUserId}, ${audit.actorEmail}, ${audit.action}, ${audit.entityType}, ${audit.entityId}, ${JSON.stringify(audit.before)}, ${JSON.stringify(audit.after)}, ${now.getTime()}, ${now.getTime()} where ${decidedHere}`,
      ),
    db
      .select()
      .from(eventImages)
      .where(and(eq(eventImages.eventType, EVENT_OF[kind]), eq(eventImages.submissionId, id)))
      .orderBy(eventImages.position),
  ]);
  const row = updated[0];
  if (!row) throw new ApiError(409, 'already_decided');
  c.header('Cache-Control', 'no-store');
  return c.json(present(kind, { ...(row as ModeratedRow), source: (before as ModeratedRow).source }, images));
}

const staffOnly = requireRole('staff');

/** GET (list) and the decisions, both spellings of the admin spec; staff only. */
function moderationRoutes(kind: ModeratedKind) {
  return new Hono<AppEnv>()
    .get('/', staffOnly, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listModerated(c.get('db'), kind));
    })
    .post(
      '/:id/approve',
      staffOnly,
      validate('param', idParamSchema),
      validate('json', moderationNotesSchema),
      (c) => decide(c, kind, c.req.valid('param').id, true, c.req.valid('json').adminNotes),
    )
    .post(
      '/:id/reject',
      staffOnly,
      validate('param', idParamSchema),
      validate('json', moderationNotesSchema),
      (c) => decide(c, kind, c.req.valid('param').id, false, c.req.valid('json').adminNotes),
    )
    .patch(
      '/:id/status',
      staffOnly,
      validate('param', idParamSchema),
      validate('json', moderationStatusSchema),
      (c) => {
        const body = c.req.valid('json');
        return decide(c, kind, c.req.valid('param').id, body.isApproved, body.adminNotes);
      },
    );
}

// ---------------------------------------------------------------------------
// Routes

export const events = new Hono<AppEnv>()
  .get('/event-settings', async (c) => {
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
    '/event-settings/:eventType',
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
  )
  .post('/check-monthly-participation', validate('json', participationCheckSchema), async (c) => {
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
  })
  .put(
    '/event-uploads/:uploadId',
    validate('param', uploadParamSchema),
    validate('query', uploadQuerySchema),
    async (c) => {
      const db = c.get('db');
      const { uploadId } = c.req.valid('param');
      const { eventType } = c.req.valid('query');
      const declared = Number(c.req.header('content-length') ?? 0);
      if (declared > EVENT_RULES.maxImageBytes) throw new ApiError(413, 'image_too_large');

      const [existing, setting] = await db.batch([
        db.select().from(eventImages).where(eq(eventImages.id, uploadId)),
        settingQuery(db, eventType),
      ]);
      const done = (row: ImageRow, status: 200 | 201) =>
        c.json({ uploadId: row.id, contentType: row.contentType, byteSize: row.byteSize }, status);
      if (existing[0]) {
        // A retry of an upload that arrived: the same answer, nothing stored twice.
        if (existing[0].eventType !== eventType) throw new ApiError(409, 'upload_already_used');
        await c.req.raw.body?.cancel();
        return done(existing[0], 200);
      }
      if (!isEnabled(setting)) throw new ApiError(403, 'event_closed');
      const count = await hit(db, `upload:addr:${clientAddress(c)}`, LIMITS.uploadsPerAddress);
      if (count > LIMITS.uploadsPerAddress.max) {
        c.header('Retry-After', String(retryAfterSeconds(LIMITS.uploadsPerAddress)));
        throw new ApiError(429, 'too_many_requests');
      }

      const bytes = await readLimited(c.req.raw.body, EVENT_RULES.maxImageBytes);
      const contentType = checkImage(bytes);
      const r2Key = newR2Key(eventType, hotelMonth(), contentType);
      await c.env.IMAGES.put(r2Key, bytes, { httpMetadata: { contentType } });
      const inserted = await db
        .insert(eventImages)
        .values({ id: uploadId, eventType, r2Key, contentType, byteSize: bytes.byteLength })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return done(inserted[0], 201);
      // The same upload arrived twice at once: keep the first.
      await c.env.IMAGES.delete(r2Key);
      const [first] = await db.select().from(eventImages).where(eq(eventImages.id, uploadId));
      return done(first!, 200);
    },
  )
  .get(
    '/event-images/:imageId',
    staffOnly,
    validate('param', z.object({ imageId: z.string().uuid({ error: 'not_found' }) })),
    validate('query', z.object({ download: z.enum(['1', 'true']).optional() })),
    async (c) => {
      const [image] = await c
        .get('db')
        .select()
        .from(eventImages)
        .where(eq(eventImages.id, c.req.valid('param').imageId));
      if (!image || image.submissionId === null) throw new ApiError(404, 'not_found');
      const object = await c.env.IMAGES.get(image.r2Key);
      if (!object) throw new ApiError(404, 'not_found');
      const headers = new Headers({
        'Content-Type': image.contentType,
        'Content-Length': String(image.byteSize),
        'Cache-Control': 'private, max-age=3600',
        'Content-Security-Policy': "default-src 'none'",
      });
      if (c.req.valid('query').download) {
        const ext = EXTENSIONS[image.contentType as keyof typeof EXTENSIONS] ?? 'bin';
        headers.set(
          'Content-Disposition',
          `attachment; filename="${image.eventType}-${image.submissionId}-${image.position + 1}.${ext}"`,
        );
      }
      return new Response(object.body, { headers });
    },
  )
  .post('/photography-submissions', validate('json', photographySubmissionSchema), async (c) => {
    const body = c.req.valid('json');
    const phone = normalizePhone(body.participantPhone);
    return createEntry(c, body, {
      kind: 'photography',
      phone,
      uploadIds: body.uploadIds ?? [],
      inline: body.photoUrls ?? [],
      minImages: minimumImages('photography'),
      insert: (db, now, userId) =>
        db
          .insert(photographySubmissions)
          .values({ participantPhone: phone, submissionDate: now, userId })
          .returning({ id: photographySubmissions.id }),
      answer: (now, imageCount) => ({
        participantPhone: phone,
        submissionDate: now.toISOString(),
        imageCount,
        status: 'pending',
      }),
    });
  })
  .post('/google-review-submissions', validate('json', googleReviewSubmissionSchema), async (c) => {
    const body = c.req.valid('json');
    const phone = normalizePhone(body.participantPhone);
    return createEntry(c, body, {
      kind: 'google_review',
      phone,
      uploadIds: body.uploadIds ?? [],
      inline: [...(body.screenshotsBase64 ?? []), ...(body.screenshotBase64 ? [body.screenshotBase64] : [])],
      minImages: minimumImages(body.source),
      insert: (db, now, userId) =>
        db
          .insert(googleReviewSubmissions)
          .values({ participantPhone: phone, submissionDate: now, source: body.source, userId })
          .returning({ id: googleReviewSubmissions.id }),
      answer: (now, imageCount) => ({
        participantPhone: phone,
        submissionDate: now.toISOString(),
        imageCount,
        source: body.source,
        status: 'pending',
      }),
    });
  })
  .post('/location-sharing-submissions', validate('json', locationSharingSubmissionSchema), async (c) => {
    const body = c.req.valid('json');
    const phone = normalizePhone(body.participantPhone);
    return createEntry(c, body, {
      kind: 'location_sharing',
      phone,
      uploadIds: [],
      inline: [],
      minImages: 0,
      insert: (db, now, userId) =>
        db
          .insert(locationSharingSubmissions)
          .values({
            userId,
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
        isCompleted: true,
      }),
    });
  })
  .get('/location-sharing-submissions', staffOnly, async (c) => {
    const rows = await c
      .get('db')
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
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  })
  .route('/photography-submissions', moderationRoutes('photography'))
  .route('/google-review-submissions', moderationRoutes('google_review'));
