import { Hono } from 'hono';
import { z } from '@shared/zod';
import { idSchema } from '@shared/date-schemas';
import type { AppEnv } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { hasRole } from '../../../platform/roles';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { hotelHub, sessionTags } from '../live';
import { guestSideOf } from '../messages';
import { outletFor } from '../../outlets';

const liveQuerySchema = z.strictObject({
  bookingId: idSchema.optional(),
  as: z.enum(['staff', 'guest', 'outlet']).optional(),
  outletId: idSchema.optional(),
});

/**
 * GET /api/live (a WebSocket upgrade): the live inbox. The server checks who is asking before the
 * socket opens: `?as=staff` needs a front desk, manager or admin session (housekeepers 403) and
 * hears of every thread; otherwise the guest's own thread (signed in, or `?bookingId=` for the
 * holder of a booking's link; 401 or 404 as GET /api/messages); `?as=outlet&outletId=` an outlet's
 * tablet, for its staff and managers (403 `outlet_not_yours` otherwise), which hears of the guests'
 * app orders to it (tag `outlet:<id>`, decision 102). The socket is then held by the
 * hotel's Durable Object (modules/conversations/live.ts) with those tags, and nothing else; one a
 * session opened closes when the session ends (a logout) and is not opened again with it (401).
 * A handshake from another site's page (its Origin) is refused (403).
 */
export const liveRoutes = new Hono<AppEnv>().get('/', validate('query', liveQuerySchema), async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(400, 'websocket_required');
  // A GET, so the API's cross-site check lets it by: a browser names the page's origin on every
  // handshake, and another site's page must not open the socket with the visitor's cookie.
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin) throw new ApiError(403, 'forbidden');
  const { bookingId, as, outletId } = c.req.valid('query');
  let tags: string[];
  if (as === 'outlet') {
    const session = await readSession(c);
    if (!session) throw new ApiError(401, 'not_signed_in');
    if (!hasRole(session.user, 'outlet')) throw new ApiError(403, 'forbidden');
    if (outletId === undefined) throw new ApiError(400, 'validation_failed');
    await outletFor(c.get('db'), session.user, outletId);
    tags = [`outlet:${outletId}`];
  } else if (as === 'staff') {
    const session = await readSession(c);
    if (!session) throw new ApiError(401, 'not_signed_in');
    if (!hasRole(session.user, 'staff')) throw new ApiError(403, 'forbidden');
    tags = ['staff', `staff:${session.user.id}`];
  } else {
    tags = (await guestSideOf(c, bookingId)).tags;
    if (tags.length === 0) throw new ApiError(404, 'booking_not_found');
  }
  // A socket that hears an account's (or the staff's) events is the session's that opened it: it
  // closes when that session ends (a logout, a password reset, …) and lasts no longer than it. A
  // booking's holder by its link hears through the link, which a logout does not end.
  const session = tags.some((t) => t === 'staff' || t.startsWith('user:') || t.startsWith('outlet:'))
    ? await readSession(c)
    : null;
  if (session) tags.push(...sessionTags(session));
  const hub = hotelHub(c.env);
  if (!hub) throw new ApiError(503, 'live_unavailable');
  const headers = new Headers(c.req.raw.headers);
  headers.set('x-live-tags', tags.join(','));
  if (session) headers.set('x-live-until', String(session.expiresAt.getTime()));
  const answer = await hub.fetch(new Request('https://hub.internal/connect', { headers }));
  // A fresh Response (the stub's headers are immutable and the middleware adds to them).
  return new Response(null, {
    status: answer.status,
    webSocket: answer.webSocket,
    headers: { 'Cache-Control': 'no-store' },
  });
});
