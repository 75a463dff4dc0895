import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import {
  avifField,
  MEDIA_RULES,
  MEDIA_WIDTHS,
  mediaUploadFieldsSchema,
  variantField,
  type MediaAltInput,
  type MediaOwner,
  type MediaType,
} from '@shared/media-schemas';
import { offers, rooms, services } from './tables';
import { media, type Media, type MediaVariant } from './media-tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { checkImageDimensions } from '../../platform/image-dimensions';
import { deleteMediaObjects, mediaKey, mediaTypeOf, ownerPhotos, publicPhoto } from './media';

/**
 * Staff: photos of room tiers, offers and services (docs/decisions/011-media.md;
 * modules/catalog/routes/admin/media.ts). Staff edit this content already (offers, services), so staff may add,
 * caption, reorder and delete its photos. Every write and its audit line are one D1 batch; R2
 * objects are written before their row and deleted after it, and the daily sweep (cleanup.ts)
 * removes any object a failure left without a row.
 */

/** `exists (...)` for the owner a photo belongs to. */
function ownerExists(owner: MediaOwner): SQL {
  switch (owner.ownerKind) {
    case 'room_type':
      return sql`exists (select 1 from ${rooms} where ${rooms.roomType} = ${owner.ownerId})`;
    case 'offer':
      return sql`exists (select 1 from ${offers} where ${offers.id} = ${Number(owner.ownerId)})`;
    case 'site_hero':
      // The site always exists (the owner id was checked by mediaOwnerSchema).
      return sql`1`;
    default:
      return sql`exists (select 1 from ${services} where ${services.id} = ${Number(owner.ownerId)})`;
  }
}

const ofOwner = (owner: MediaOwner) =>
  and(eq(media.ownerKind, owner.ownerKind), eq(media.ownerId, owner.ownerId));

/** The owner's state before an upload: does it exist, how many photos it has (one round trip). */
async function ownerState(db: Db, owner: MediaOwner) {
  const [row] = await db
    .select({
      exists: sql<number>`${ownerExists(owner)}`,
      count: sql<number>`(select count(*) from ${media} where ${ofOwner(owner)})`,
    })
    .from(sql`(select 1)`);
  return { exists: row?.exists === 1, count: Number(row?.count ?? 0) };
}

function adminPhoto(row: Media) {
  return {
    ...publicPhoto(row),
    ownerKind: row.ownerKind,
    ownerId: row.ownerId,
    contentType: row.contentType,
    bytes: row.variants.reduce((sum, v) => sum + v.bytes, 0),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audit log's copy of a photo, read by SQL inside the batch before it changes. */
const photoJson = (id: number) => sql`(select json_object(
  'ownerKind', owner_kind, 'ownerId', owner_id, 'position', position, 'altAr', alt_ar,
  'altEn', alt_en, 'width', width, 'height', height, 'variants', json(variants)
) from ${media} where id = ${id})`;

/** One file field of an upload, read and checked: its size, then its real type by the first bytes. */
async function readFile(value: File | string) {
  if (typeof value === 'string') throw new ApiError(415, 'media_type_invalid');
  if (value.size > MEDIA_RULES.maxVariantBytes) throw new ApiError(413, 'media_variant_too_large');
  const bytes = new Uint8Array(await value.arrayBuffer());
  return { bytes, type: mediaTypeOf(bytes) };
}

/**
 * The files of an upload: `w480`/`w960`/`w1600` (WebP, AVIF or JPEG, all one type) and, beside
 * any of them, `avif480`/`avif960`/`avif1600`, the same width as AVIF (for `<source
 * type="image/avif">`), which must really be AVIF and of the same size in pixels as the copy
 * it stands beside (browsers that show AVIF must see the same picture as the others).
 */
async function readVariants(form: FormData) {
  const files: { width: number; bytes: Uint8Array; type: MediaType; extra: boolean; size: string }[] = [];
  const sizeOf = (d: { width: number; height: number }) => `${d.width}x${d.height}`;
  for (const width of MEDIA_WIDTHS) {
    const value = form.get(variantField(width));
    if (value === null) continue;
    const { bytes, type } = await readFile(value);
    if (!type) throw new ApiError(415, 'media_type_invalid');
    const size = sizeOf(checkImageDimensions(bytes, type, 'media_type_invalid'));
    files.push({ width, bytes, type, extra: false, size });
  }
  if (files.length === 0) throw new ApiError(400, 'media_files_missing');
  if (new Set(files.map((f) => f.type)).size > 1) throw new ApiError(415, 'media_types_mixed');
  for (const width of MEDIA_WIDTHS) {
    const value = form.get(avifField(width));
    if (value === null) continue;
    // An AVIF copy of a width the upload does not have, or of an AVIF main copy, is refused too.
    const main = files.find((f) => f.width === width && f.type !== 'image/avif');
    if (!main) throw new ApiError(400, 'media_avif_invalid');
    const { bytes, type } = await readFile(value);
    if (type !== 'image/avif') throw new ApiError(415, 'media_avif_invalid');
    const size = sizeOf(checkImageDimensions(bytes, type, 'media_avif_invalid'));
    if (size !== main.size) throw new ApiError(400, 'media_avif_invalid');
    files.push({ width, bytes, type, extra: true, size });
  }
  return files;
}

/** The owner's photos, in order, as staff see them. */
export async function listPhotos(db: Db, owner: MediaOwner) {
  const rows = await ownerPhotos(db, owner.ownerKind, owner.ownerId);
  return rows.map(adminPhoto);
}

/**
 * Adds a photo from an upload's form: fields w480 / w960 / w1600 (the widths the device made,
 * at least one), width and height of the largest, altAr, altEn.
 */
export async function addPhoto(
  db: Db,
  images: R2Bucket,
  actor: SessionUser,
  owner: MediaOwner,
  form: FormData,
) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const fields = mediaUploadFieldsSchema.safeParse({
    width: text('width'),
    height: text('height'),
    altAr: text('altAr'),
    altEn: text('altEn'),
    placeholder: text('placeholder'),
  });
  if (!fields.success) {
    const out: Record<string, string> = {};
    for (const issue of fields.error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
    throw new ApiError(400, 'validation_failed', out as never);
  }
  mayEdit(actor, owner.ownerKind);
  // Cheap refusals before anything is stored.
  const before = await ownerState(db, owner);
  if (!before.exists) {
    // A room type is named by its code: one the hotel has no type of is a malformed owner, as the
    // schema once said of a code outside the spec's list (an offer or a service is 404).
    if (owner.ownerKind === 'room_type')
      throw new ApiError(400, 'validation_failed', { ownerId: 'media_owner_invalid' });
    throw new ApiError(404, 'media_owner_not_found');
  }
  if (before.count >= MEDIA_RULES.maxPhotosPerOwner) throw new ApiError(409, 'media_too_many');
  const files = await readVariants(form);

  const uploadKey = crypto.randomUUID();
  const contentType = files[0]!.type;
  const variants: MediaVariant[] = files.map((f) => ({
    width: f.width,
    key: mediaKey(uploadKey, f.width, f.type),
    bytes: f.bytes.byteLength,
    ...(f.extra ? { type: f.type } : {}),
  }));
  await Promise.all(
    files.map((f, i) => images.put(variants[i]!.key, f.bytes, { httpMetadata: { contentType: f.type } })),
  );
  const { width, height, altAr, altEn, placeholder } = fields.data;
  const [, , made] = await db.batch([
    // The owner must still exist and have room: a race for the last place adds one photo.
    insertWhere(
      db,
      media,
      {
        uploadKey,
        ownerKind: owner.ownerKind,
        ownerId: owner.ownerId,
        position: sql`(select coalesce(max(position), 0) + 1 from ${media} where ${ofOwner(owner)})`,
        altAr,
        altEn,
        width,
        height,
        contentType,
        variants,
        placeholder,
        createdByUserId: actor.id,
      },
      sql`${ownerExists(owner)} and (select count(*) from ${media} where ${ofOwner(owner)}) < ${MEDIA_RULES.maxPhotosPerOwner}`,
    ),
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(actor, 'media.create', 'media', null, null, {
          ...owner,
          altAr,
          altEn,
          width,
          height,
          widths: variants.map((v) => v.width),
        }),
        entityId: sql`cast(made.id as text)`,
      },
      sql`made.upload_key = ${uploadKey}`,
      sql`${media} as made`,
    ),
    db.select().from(media).where(eq(media.uploadKey, uploadKey)),
  ]);
  const row = made[0];
  if (!row) {
    await deleteMediaObjects(images, { variants });
    const after = await ownerState(db, owner);
    throw after.exists ? new ApiError(409, 'media_too_many') : new ApiError(404, 'media_owner_not_found');
  }
  return adminPhoto(row);
}

/** The site's own photos (the home page's) belong to the site settings, which only admins edit. */
function mayEdit(actor: SessionUser, ownerKind: MediaOwner['ownerKind']) {
  if (ownerKind === 'site_hero' && actor.role !== 'admin') throw new ApiError(403, 'forbidden');
}

/** For staff, one small read first: is the photo the site's own (admins only)? Admins skip it. */
async function mayEditPhoto(db: Db, actor: SessionUser, id: number) {
  if (actor.role === 'admin') return;
  const row = await db.select({ ownerKind: media.ownerKind }).from(media).where(eq(media.id, id)).get();
  if (row) mayEdit(actor, row.ownerKind);
}

/** Puts every photo of the owner in the new order (409 if the list is not exactly its photos). */
export async function reorderPhotos(db: Db, actor: SessionUser, owner: MediaOwner, ids: number[]) {
  mayEdit(actor, owner.ownerKind);
  const existing = await db
    .select({ id: media.id })
    .from(media)
    .where(ofOwner(owner))
    .orderBy(media.position, media.id);
  const known = new Set(existing.map((m) => m.id));
  // Exactly this owner's photos: another owner's id, or a list that is out of date, is refused.
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw new ApiError(409, 'media_order_stale');
  }
  const [, , rows] = await db.batch([
    db.insert(auditLog).values(
      auditEntry(
        actor,
        'media.reorder',
        'media',
        null,
        { ...owner, ids: existing.map((m) => m.id) },
        {
          ...owner,
          ids,
        },
      ),
    ),
    db
      .update(media)
      .set({
        position: sql`(select key + 1 from json_each(${JSON.stringify(ids)}) where value = ${media.id})`,
        updatedAt: new Date(),
      })
      .where(and(ofOwner(owner), sql`${media.id} in (select value from json_each(${JSON.stringify(ids)}))`)),
    ownerPhotos(db, owner.ownerKind, owner.ownerId),
  ]);
  return rows.map(adminPhoto);
}

/** Sets a photo's alt text in both languages. */
export async function captionPhoto(db: Db, actor: SessionUser, id: number, input: MediaAltInput) {
  await mayEditPhoto(db, actor, id);
  const [, updated] = await db.batch([
    insertWhere(
      db,
      auditLog,
      { ...auditEntry(actor, 'media.update', 'media', id, null, input), before: photoJson(id) },
      sql`exists (select 1 from ${media} where id = ${id})`,
    ),
    db
      .update(media)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(media.id, id))
      .returning(),
  ]);
  const row = updated[0];
  if (!row) throw new ApiError(404, 'media_not_found');
  return adminPhoto(row);
}

/**
 * Deletes a photo: the row and its audit line in one batch (of two deletes at once, one wins
 * and the other is told 404), then the R2 objects.
 */
export async function deletePhoto(db: Db, images: R2Bucket, actor: SessionUser, id: number) {
  await mayEditPhoto(db, actor, id);
  const [, deleted] = await db.batch([
    insertWhere(
      db,
      auditLog,
      { ...auditEntry(actor, 'media.delete', 'media', id, null, null), before: photoJson(id) },
      sql`exists (select 1 from ${media} where id = ${id})`,
    ),
    db.delete(media).where(eq(media.id, id)).returning(),
  ]);
  const row = deleted[0];
  if (!row) throw new ApiError(404, 'media_not_found');
  // A failure here leaves objects without a row: the daily sweep removes them.
  await deleteMediaObjects(images, row).catch((err: unknown) =>
    console.error(JSON.stringify({ msg: 'media-r2-delete-failed', id, err: String(err) })),
  );
}
