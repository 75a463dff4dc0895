import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { EVENT_RULES } from '../../../shared/src/constants';
import { hotelMonth } from '../../../shared/src/dates';
import { uploadParamSchema, uploadQuerySchema } from '../../../shared/src/event-schemas';
import { eventImages } from '../db/schema/events';
import type { AppEnv } from '../env';
import { isEnabled, newR2Key, settingQuery, type ImageRow } from '../lib/entries';
import { ApiError } from '../lib/errors';
import { checkImage, readLimited } from '../lib/images';
import { hit, LIMITS, retryAfterSeconds } from '../lib/rate-limit';
import { clientAddress } from '../http/request';
import { validate } from '../http/validation';

/**
 * PUT /api/event-uploads/:uploadId?eventType=: one image per call, the id made on
 * the device (a retry is harmless), checked by its first bytes and size, stored in
 * R2 under a key the server makes. Throttled per client address.
 */
export const eventUploadRoutes = new Hono<AppEnv>().put(
  '/:uploadId',
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
);
