import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { edgeCache } from '../http/edge-cache';
import { answerIfChanged } from '../http/versions';
import { listRooms } from '../lib/catalog';

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
