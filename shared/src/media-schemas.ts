import { z } from './zod';
import { EVENT_RULES } from './constants';
import { ROOM_TYPE_CODE } from './room-type-schemas';
import { toLatinDigits } from './digits';

/**
 * Staff photos of the hotel's content (docs/decisions/011-media.md):
 * a room tier's gallery, an offer's gallery, a service's menu pages and its
 * own gallery. The device encodes each photo in a few widths (for `srcset`);
 * the server checks the bytes and stores them in R2 under keys it makes, and
 * `/media/...` serves them with immutable caching. Messages are codes; the
 * worker translates them (worker/src/platform/messages.ts).
 */

export const MEDIA_OWNER_KINDS = [
  'room_type',
  'offer',
  'service_menu',
  'service_gallery',
  'site_hero',
] as const;

/** The one owner id of the site's own photos (`site_hero`: the landing's hero photos). */
export const SITE_HERO_OWNER_ID = 'hero';
export type MediaOwnerKind = (typeof MEDIA_OWNER_KINDS)[number];

/** The widths the device makes (px); a small photo may have only the smaller ones. */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** What the server keeps: WebP or AVIF from the device's encoder, JPEG where neither encodes. */
export const MEDIA_TYPES = ['image/webp', 'image/avif', 'image/jpeg'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const MEDIA_RULES = {
  /** Each encoded width; the same ceiling as a guest's upload. */
  maxVariantBytes: EVENT_RULES.maxImageBytes,
  /** Photos per room tier, offer, menu or gallery: a carousel, not an archive. */
  maxPhotosPerOwner: 12,
  altMax: 200,
  /** Pixels on the longest side of the largest variant. */
  maxSide: 8000,
} as const;

const digitsId = z
  .string({ error: 'media_owner_invalid' })
  .transform((v) => toLatinDigits(v).trim())
  .pipe(z.string().regex(/^[1-9]\d{0,14}$/, 'media_owner_invalid'));

/**
 * Whose photos: a room type by its code (one of the hotel's: the worker checks it, 400 otherwise),
 * an offer or a service by its id.
 */
export const mediaOwnerSchema = z
  .object({
    ownerKind: z.enum(MEDIA_OWNER_KINDS, { error: 'media_owner_invalid' }),
    ownerId: z.string({ error: 'media_owner_invalid' }).max(40, 'media_owner_invalid'),
  })
  .transform((o, ctx) => {
    if (o.ownerKind === 'site_hero') {
      if (o.ownerId !== SITE_HERO_OWNER_ID) {
        ctx.addIssue({ code: 'custom', path: ['ownerId'], message: 'media_owner_invalid' });
        return z.NEVER;
      }
      return o;
    }
    if (o.ownerKind === 'room_type') {
      if (!ROOM_TYPE_CODE.test(o.ownerId)) {
        ctx.addIssue({ code: 'custom', path: ['ownerId'], message: 'media_owner_invalid' });
        return z.NEVER;
      }
      return o;
    }
    const id = digitsId.safeParse(o.ownerId);
    if (!id.success) {
      ctx.addIssue({ code: 'custom', path: ['ownerId'], message: 'media_owner_invalid' });
      return z.NEVER;
    }
    return { ownerKind: o.ownerKind, ownerId: id.data };
  });
export type MediaOwner = z.output<typeof mediaOwnerSchema>;

const alt = z.string({ error: 'text_too_long' }).trim().max(MEDIA_RULES.altMax, 'text_too_long');

/** The alt text in both languages: what the photo shows, for people who cannot see it. */
export const mediaAltSchema = z.object({ altAr: alt, altEn: alt });
export type MediaAltInput = z.output<typeof mediaAltSchema>;

/**
 * The tiny blurred placeholder of an upload (multipart field `placeholder`): a data: URL of a
 * WebP, JPEG or PNG of at most 32 px, in at most this many characters.
 */
export const PLACEHOLDER_MAX_CHARS = 2000;
export const placeholderSchema = z
  .string({ error: 'media_placeholder_invalid' })
  .max(PLACEHOLDER_MAX_CHARS, 'media_placeholder_invalid')
  .regex(/^data:image\/(webp|jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/, 'media_placeholder_invalid');

const side = z
  .string({ error: 'media_size_invalid' })
  .transform((v) => toLatinDigits(v).trim())
  .pipe(z.string().regex(/^[1-9]\d{0,4}$/, 'media_size_invalid'))
  .transform(Number)
  .pipe(z.number().max(MEDIA_RULES.maxSide, 'media_size_invalid'));

/**
 * The text fields of an upload (multipart): the largest variant's pixel size and
 * the alt texts. The files themselves are fields `w480`, `w960`, `w1600`.
 */
export const mediaUploadFieldsSchema = z.object({
  width: side,
  height: side,
  altAr: alt.optional().default(''),
  altEn: alt.optional().default(''),
  placeholder: placeholderSchema.optional().default(''),
});

/** A new order for one owner's photos: every one of its ids, once. */
export const mediaOrderSchema = z.object({
  ids: z
    .array(z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id'), {
      error: 'invalid_id',
    })
    .min(1, 'invalid_id')
    .max(MEDIA_RULES.maxPhotosPerOwner, 'media_order_stale')
    .refine((ids) => new Set(ids).size === ids.length, 'media_order_stale'),
});

/** The multipart field of a width: `w480`, `w960`, `w1600`. */
export const variantField = (width: MediaWidth) => `w${width}` as const;

/** The multipart field of a width's AVIF copy, sent beside the WebP/JPEG one: `avif480`, ... */
export const avifField = (width: MediaWidth) => `avif${width}` as const;
