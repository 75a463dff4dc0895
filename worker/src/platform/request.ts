import type { Context } from 'hono';
import { EVENT_RULES } from '@shared/constants';
import { MEDIA_RULES, MEDIA_WIDTHS } from '@shared/media-schemas';
import { PAYMENT_LIMITS } from '@shared/payments';
import { HISTORY_RULES } from '@shared/revenue';
import { WHATSAPP_WEBHOOK_MAX_BYTES } from '@shared/whatsapp';
import type { AppEnv } from './env';
import { errorResponse } from './error-mapping';
import { sha256Hex } from './crypto';

/**
 * The client's address: `CF-Connecting-IP`, which Cloudflare sets in production
 * (a client cannot forge it there); local runs pass it through, so tests can act
 * as several guests. Requests without it (local tools) share one bucket.
 */
export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header('cf-connecting-ip')?.trim().slice(0, 64) || 'local';
}

/**
 * A stable stand-in for the client address where one must be counted over days
 * (pending booking caps): a peppered SHA-256, so the address itself is never stored.
 */
export async function clientHash(c: Context<AppEnv>): Promise<string> {
  return (await sha256Hex(`client:${c.env.PASSWORD_PEPPER}:${clientAddress(c)}`)).slice(0, 32);
}

const KB = 1024;
/** JSON bodies: generous for any form of this app, far below anything abusive. */
export const JSON_BODY_LIMIT = 64 * KB;
/** One image per upload call (the route itself also stops reading past 5 MB). */
const UPLOAD_BODY_LIMIT = EVENT_RULES.maxImageBytes + 64 * KB;
/**
 * The spec's JSON shapes with images inline as base64 (4/3 of the bytes): room for the
 * three images an entry needs at the full 5 MB each (about 20 MB). Not the ten an entry
 * may hold: a Worker has 128 MB, and a body is held as bytes, as text, parsed and then
 * decoded (about four times its size), so a 67 MB body would overrun it. More or larger
 * images go through the upload call, one file at a time (what the app itself does).
 */
const INLINE_IMAGES = Math.max(EVENT_RULES.photographyMinImages, EVENT_RULES.ratingMinImages);
const INLINE_IMAGES_BODY_LIMIT = Math.ceil((INLINE_IMAGES * EVENT_RULES.maxImageBytes * 4) / 3) + 64 * KB;

/** A staff photo upload: every width the device made, each at most the image ceiling. */
const MEDIA_BODY_LIMIT = MEDIA_WIDTHS.length * MEDIA_RULES.maxVariantBytes + 64 * KB;

/** A guest's ID photo for online check-in (modules/bookings/routes/booking-check-in.ts): one image, like an event upload. */
const ID_DOCUMENT_UPLOAD = /^\/api\/booking-submissions\/[^/]+\/id-document$/;
/** A work order's, a found item's, an extra's or an outlet item's photo (modules/work-orders, lost-found, extras, outlets): one image. */
const STAFF_PHOTO_UPLOAD =
  /^\/api\/admin\/(work-orders\/[^/]+|lost-found\/[^/]+|extras\/[^/]+|outlets\/\d+\/items\/\d+)\/photo$/;

/** A payment provider's webhook (modules/payments/routes/webhooks.ts): a small signed JSON notice. */
const WEBHOOK_BODY_LIMIT = PAYMENT_LIMITS.maxWebhookBytes;

/** A revenue history file (modules/revenue): the CSV's 20 MB and the multipart's own lines. */
const HISTORY_PATH = '/api/admin/revenue/history';
const HISTORY_BODY_LIMIT = HISTORY_RULES.maxFileBytes + 64 * KB;

/** The largest body a route takes, checked before parsing (hono/body-limit). */
export function bodyLimitFor(path: string): number {
  if (path === HISTORY_PATH) return HISTORY_BODY_LIMIT;
  if (path.startsWith('/api/payments/webhooks/')) return WEBHOOK_BODY_LIMIT;
  // Meta's deliveries are up to 3 MB (many messages batched, Arabic escaped as \uXXXX).
  if (path === '/api/whatsapp/webhook') return WHATSAPP_WEBHOOK_MAX_BYTES;
  if (
    path.startsWith('/api/event-uploads/') ||
    ID_DOCUMENT_UPLOAD.test(path) ||
    STAFF_PHOTO_UPLOAD.test(path)
  )
    return UPLOAD_BODY_LIMIT;
  if (path === '/api/admin/media') return MEDIA_BODY_LIMIT;
  if (path === '/api/photography-submissions' || path === '/api/google-review-submissions') {
    return INLINE_IMAGES_BODY_LIMIT;
  }
  return JSON_BODY_LIMIT;
}

export function tooLarge(c: Context<AppEnv>) {
  if (c.req.path === '/api/admin/media') return errorResponse(c, 413, 'media_variant_too_large');
  if (c.req.path === HISTORY_PATH) return errorResponse(c, 413, 'history_file_too_large');
  const image =
    c.req.path.startsWith('/api/event-uploads/') ||
    ID_DOCUMENT_UPLOAD.test(c.req.path) ||
    STAFF_PHOTO_UPLOAD.test(c.req.path);
  return errorResponse(c, 413, image ? 'image_too_large' : 'payload_too_large');
}
