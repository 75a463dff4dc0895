import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { answerIfChanged } from '../../../platform/etag-answers';
import { sellablePlans } from '../pricing';

/**
 * GET /api/rate-plans (public): the plans a guest may book, each with its names, the room types it
 * sells, breakfast, its cancellation and deposit rules, and its parent and percentage.
 */
export const ratePlanRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], 'rate-plans');
  return c.json({ ratePlans: await sellablePlans(c.get('db')) });
});
