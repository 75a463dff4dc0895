import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { answerIfChanged } from '../../../platform/etag-answers';
import { listServices } from '../catalog-reads';

/** GET /api/services (public catalogue): the nearby services with their staff photos. */
export const serviceRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], 'services');
  return c.json(await listServices(c.get('db')));
});
