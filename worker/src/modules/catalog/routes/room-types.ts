import { Hono } from 'hono';
import { hotelToday } from '@shared/dates';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { answerIfChanged } from '../../../platform/etag-answers';
import { publicRoomTypes } from '../room-types';

/**
 * GET /api/room-types (public): the active room types, the hotel's own data, with their
 * occupancy, prices in integer baisa (suffix `Baisa`), the lowest price shown today and staff
 * photos. The app keeps it in its persisted query cache, so a phone offline still lists them
 * and a type added meanwhile appears once it is online again.
 */
export const roomTypeRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  // Revalidated every time; the ETag names the content version and the hotel day (today's offers
  // set the lowest price): a new type or photo is seen at once.
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], `room-types:${hotelToday()}`);
  return c.json(await publicRoomTypes(c.get('db')));
});
