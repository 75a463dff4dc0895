import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { answerIfChanged } from '../../../platform/etag-answers';
import { listRooms } from '../catalog-reads';

/**
 * GET /api/rooms (public catalogue): the room types with their prices in integer baisa
 * (suffix `Baisa`) and staff photos. The app also keeps it in its persisted query cache for
 * offline browsing.
 */
export const roomRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  // Revalidated every time (ETag from the content version): a staff photo is seen at once.
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], 'rooms');
  return c.json(await listRooms(c.get('db')));
});
