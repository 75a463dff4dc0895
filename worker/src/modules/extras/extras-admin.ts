import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { EVENT_RULES } from '@shared/constants';
import { EXTRA_RULES, isTimedKind, type ExtraInput, type ExtraPhoto } from '@shared/extras';
import { ApiError } from '../../platform/api-error';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { readImageDimensions } from '../../platform/image-dimensions';
import { checkImage, EXTENSIONS, readLimited } from '../../platform/images';
import { readSiteSettings, roomTypesQuery } from '../catalog';
import { ratePlansQuery } from '../rates';
import { extras, type Extra, type StoredExtraPhoto } from './tables';

/**
 * The hotel's offers as managers set them up (/api/admin/extras, docs/decisions/098-stay-extras.md):
 * each with its kind, price, tax department, names and descriptions in both languages, the plans
 * and room types that may buy it, whether it is sold at once or waits for the desk, its price
 * tiers and daily cap (an early check-in, a late check-out), and one photo in R2. An offer
 * deleted is kept (its purchases name it) and offered no more. Every write has its audit line in
 * the same batch.
 */

/** Where an offer's photo lives in R2, and the public path that serves it. */
export const PHOTO_PREFIX = 'extras/';
export const PHOTO_PATH = '/api/extras/photos/';
/** A photo's name: the server's random id and its type's extension. */
export const PHOTO_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|avif)$/;

/** An offer's photo as pages show it (its key stays on the server). */
export function publicExtraPhoto(photo: StoredExtraPhoto | null): ExtraPhoto | null {
  if (!photo) return null;
  return { src: photo.src, width: photo.width, height: photo.height, placeholder: photo.placeholder };
}

/** An offer as managers read it. */
export function extraView(e: Extra) {
  return {
    id: e.id,
    kind: e.kind,
    nameAr: e.nameAr,
    nameEn: e.nameEn,
    descriptionAr: e.descriptionAr,
    descriptionEn: e.descriptionEn,
    priceBaisa: e.priceBaisa,
    department: e.department,
    fromRoomType: e.fromRoomType,
    toRoomType: e.toRoomType,
    instant: e.instant,
    dailyCap: e.dailyCap,
    tiers: e.tiers,
    ratePlans: e.ratePlans,
    roomTypes: e.roomTypes,
    photo: publicExtraPhoto(e.photo),
    active: e.active,
    updatedAt: e.updatedAt.toISOString(),
  };
}
export type ExtraView = ReturnType<typeof extraView>;

/**
 * Every offer not deleted, in the order made, with the room types and plans a manager may name
 * (one round trip: the hotel's few offers, types and plans).
 *
 * @example const { extras, roomTypes, ratePlans } = await listExtras(db);
 */
export async function listExtras(db: Db) {
  const [rows, types, plans] = await db.batch([
    db.select().from(extras).where(isNull(extras.deletedAt)).orderBy(asc(extras.id)),
    roomTypesQuery(db),
    ratePlansQuery(db),
  ]);
  return {
    extras: rows.map(extraView),
    roomTypes: types.map((t) => ({
      code: t.roomType,
      nameAr: t.nameAr,
      nameEn: t.name,
      active: t.available,
    })),
    ratePlans: plans.map((p) => ({ code: p.code, nameAr: p.nameAr, nameEn: p.nameEn, active: p.active })),
  };
}

/** One offer not deleted (404 otherwise). */
export async function findExtra(db: Db, id: number): Promise<Extra> {
  const [row] = await db
    .select()
    .from(extras)
    .where(and(eq(extras.id, id), isNull(extras.deletedAt)));
  if (!row) throw new ApiError(404, 'extra_not_found');
  return row;
}

/**
 * The codes an offer names are the hotel's (its room types and plans), and a tier of an early
 * check-in comes before the check-in time, one of a late check-out after the check-out time
 * (400 with the field, in the user's language).
 */
async function checkAgainstHotel(db: Db, input: ExtraInput) {
  const [[types, plans], settings] = await Promise.all([
    db.batch([roomTypesQuery(db), ratePlansQuery(db)]),
    readSiteSettings(db),
  ]);
  const typeCodes = new Set(types.map((t) => t.roomType));
  const planCodes = new Set(plans.map((p) => p.code));
  const fields: Record<string, string> = {};
  if (input.fromRoomType && !typeCodes.has(input.fromRoomType))
    fields.fromRoomType = 'extra_room_type_unknown';
  if (input.toRoomType && !typeCodes.has(input.toRoomType)) fields.toRoomType = 'extra_room_type_unknown';
  if ((input.roomTypes ?? []).some((c) => !typeCodes.has(c))) fields.roomTypes = 'extra_room_type_unknown';
  if ((input.ratePlans ?? []).some((c) => !planCodes.has(c))) fields.ratePlans = 'extra_rate_plan_unknown';
  if (isTimedKind(input.kind) && input.tiers) {
    const early = input.kind === 'early_check_in';
    const wrong = input.tiers.some((t) =>
      early ? t.time >= settings.checkInTime : t.time <= settings.checkOutTime,
    );
    if (wrong) fields.tiers = 'extra_tier_time_invalid';
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'validation_failed', fields as never);
}

/** The row's values of an input (an offer's tiers in hour order; its price "from" the dearest tier). */
function valuesOf(input: ExtraInput) {
  const tiers = [...(input.tiers ?? [])].sort((a, b) => a.time.localeCompare(b.time));
  return {
    kind: input.kind,
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    descriptionAr: input.descriptionAr ?? '',
    descriptionEn: input.descriptionEn ?? '',
    priceBaisa: tiers.length > 0 ? Math.max(...tiers.map((t) => t.priceBaisa)) : input.priceBaisa,
    department: input.department,
    fromRoomType: input.kind === 'upgrade' ? (input.fromRoomType ?? null) : null,
    toRoomType: input.kind === 'upgrade' ? (input.toRoomType ?? null) : null,
    instant: input.instant,
    dailyCap: isTimedKind(input.kind) ? (input.dailyCap ?? null) : null,
    tiers,
    ratePlans: [...new Set(input.ratePlans ?? [])],
    roomTypes: [...new Set(input.roomTypes ?? [])],
    active: input.active,
  };
}

/**
 * A new offer, with its audit line (409 `too_many_extras` past the hotel's hundred).
 *
 * @example const extra = await createExtra(db, manager, { kind: 'breakfast', ... });
 */
export async function createExtra(db: Db, user: SessionUser, input: ExtraInput) {
  await checkAgainstHotel(db, input);
  const [{ n }] = (await db.select({ n: count() }).from(extras).where(isNull(extras.deletedAt))) as [
    { n: number },
  ];
  if (n >= EXTRA_RULES.maxExtras) throw new ApiError(409, 'too_many_extras');
  const values = valuesOf(input);
  const [inserted] = await db.batch([
    db
      .insert(extras)
      .values({ ...values, createdBy: user.id })
      .returning(),
    audit(db, user, 'extra.create', 'extra', null, null, values),
  ]);
  return extraView(inserted[0]!);
}

/** An offer changed from now on (a purchase keeps the price it was bought at), with its audit line. */
export async function updateExtra(db: Db, user: SessionUser, id: number, input: ExtraInput) {
  const before = await findExtra(db, id);
  await checkAgainstHotel(db, input);
  const values = valuesOf(input);
  const [updated] = await db.batch([
    db
      .update(extras)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(extras.id, id), isNull(extras.deletedAt)))
      .returning(),
    audit(db, user, 'extra.update', 'extra', id, extraView(before), values),
  ]);
  const row = updated[0];
  if (!row) throw new ApiError(404, 'extra_not_found');
  return extraView(row);
}

/** An offer deleted: offered no more, kept for the purchases that name it (its photo stays with it). */
export async function deleteExtra(db: Db, user: SessionUser, id: number) {
  const before = await findExtra(db, id);
  const [deleted] = await db.batch([
    db
      .update(extras)
      .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
      .where(and(eq(extras.id, id), isNull(extras.deletedAt)))
      .returning({ id: extras.id }),
    audit(db, user, 'extra.delete', 'extra', id, extraView(before), null),
  ]);
  if (deleted.length === 0) throw new ApiError(404, 'extra_not_found');
  return { id };
}

/**
 * PUT /api/admin/extras/:id/photo: the request's body is the photo (JPEG, PNG, WebP or AVIF, 5 MB at
 * most, checked by its first bytes; 415 / 413 otherwise), stored in R2 under a key the server
 * makes; the offer then names it, with its audit line, and the photo before is deleted.
 */
export async function storeExtraPhoto(
  db: Db,
  images: R2Bucket,
  user: SessionUser,
  id: number,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number,
) {
  const before = await findExtra(db, id).catch(async (err: unknown) => {
    await body?.cancel();
    throw err;
  });
  if (declaredLength > EVENT_RULES.maxImageBytes) {
    await body?.cancel();
    throw new ApiError(413, 'image_too_large');
  }
  const bytes = await readLimited(body, EVENT_RULES.maxImageBytes);
  const contentType = checkImage(bytes);
  // A HEIC photo shows in few browsers: the app sends WebP or JPEG (downscaled on the device).
  if (contentType === 'image/heic') throw new ApiError(415, 'image_type_invalid');
  const size = readImageDimensions(bytes, contentType)!;
  const name = `${crypto.randomUUID()}.${EXTENSIONS[contentType]}`;
  const key = `${PHOTO_PREFIX}${name}`;
  await images.put(key, bytes, { httpMetadata: { contentType } });
  const photo: StoredExtraPhoto = {
    key,
    contentType,
    src: `${PHOTO_PATH}${name}`,
    width: size.width,
    height: size.height,
    placeholder: '',
  };
  const [saved] = await db.batch([
    db
      .update(extras)
      .set({ photo, updatedAt: new Date() })
      .where(and(eq(extras.id, id), isNull(extras.deletedAt)))
      .returning(),
    audit(db, user, 'extra.photo', 'extra', id, before.photo?.src ?? null, photo.src),
  ]);
  const row = saved[0];
  if (!row) {
    await images.delete(key);
    throw new ApiError(404, 'extra_not_found');
  }
  if (before.photo?.key) await images.delete(before.photo.key);
  return extraView(row);
}

/** GET /api/extras/photos/:name: an offer's photo, public, kept a year (its name never changes). */
export async function extraPhotoResponse(images: R2Bucket, name: string, headers: Headers) {
  if (!PHOTO_NAME.test(name)) throw new ApiError(404, 'not_found');
  const object = await images.get(`${PHOTO_PREFIX}${name}`, { onlyIf: headers });
  if (!object) throw new ApiError(404, 'not_found');
  const out = new Headers();
  object.writeHttpMetadata(out);
  out.set('ETag', object.httpEtag);
  out.set('Cache-Control', 'public, max-age=31536000, immutable');
  out.set('X-Content-Type-Options', 'nosniff');
  if (!('body' in object)) return new Response(null, { status: 304, headers: out });
  out.set('Content-Length', String(object.size));
  return new Response(object.body, { headers: out });
}

/** `extras.active = 1 and not deleted`: an offer on sale (an SQL condition for the caller's reads). */
export const onSaleSql = sql`${extras.active} = 1 and ${extras.deletedAt} is null`;
