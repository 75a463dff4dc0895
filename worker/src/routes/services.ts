import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { edgeCache } from '../http/edge-cache';
import { answerIfChanged } from '../http/versions';
import { listServices } from '../lib/catalog';

/** GET /api/services (public catalogue): the nearby services with their staff photos. */
export const serviceRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], 'services');
  return c.json(await listServices(c.get('db')));
});
