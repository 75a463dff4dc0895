import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { MEDIA_PATH, MEDIA_PREFIX } from '../media';

/**
 * GET /media/<upload>-<width>.<ext>: the hotel's photos, public, from R2. Every
 * upload has a new random name, so an answer never changes: browsers and Cloudflare keep
 * it a year. Only keys under `media/` are reachable (guests' event images are elsewhere
 * in the bucket and go to staff only, modules/draws/routes/event-images.ts).
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const mediaFiles = new Hono<AppEnv>().on(['GET', 'HEAD'], '/*', async (c) => {
  // Anything under /media/ that is not a photo's name is a 404 here, never the web app's page.
  const file = c.req.path.slice('/media/'.length);
  if (!MEDIA_PATH.test(file)) return c.text('Not found', 404);
  const object = await c.env.IMAGES.get(`${MEDIA_PREFIX}${file}`, { onlyIf: c.req.raw.headers });
  if (!object) return c.text('Not found', 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', IMMUTABLE);
  headers.set('X-Content-Type-Options', 'nosniff');
  // The precondition held (If-None-Match named this object): no body.
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(object.size));
  return new Response(c.req.method === 'HEAD' ? null : object.body, { headers });
});
