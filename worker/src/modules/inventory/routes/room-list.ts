import { Hono } from 'hono';
import { roomListQuerySchema } from '@shared/front-desk-schemas';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { windowOrTonight } from '../availability';
import { numberedRoomList } from '../hotel-rooms';

/**
 * GET /api/room-list?roomType=&from=&to= (public; spec "Room lists per type"): the
 * hotel's numbered rooms of a type, each free for the whole stay (tonight without dates) or not
 * (modules/inventory/hotel-rooms.ts). Cached at the edge under the rooms version (stays and out-of-order
 * periods in rooms) and the inventory version (holds and allotments of the type).
 */
export const roomListRoutes = new Hono<AppEnv>().get(
  '/',
  edgeCache(['rooms', 'inventory']),
  validate('query', roomListQuerySchema),
  async (c) => {
    const query = c.req.valid('query');
    const stay = windowOrTonight(query);
    await answerIfChanged(c, ['rooms', 'inventory'], `room-list:${query.roomType}:${stay.from}:${stay.to}`);
    const list = await numberedRoomList(c.get('db'), query.roomType, stay);
    return c.json({ roomType: query.roomType, from: stay.from, to: stay.to, ...list });
  },
);
