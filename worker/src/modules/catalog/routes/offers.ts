import { Hono } from 'hono';
import { hotelToday } from '@shared/dates';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { answerIfChanged } from '../../../platform/etag-answers';
import { listShownOffers } from '../catalog-reads';

/** GET /api/offers (public catalogue): the offers shown today, prices in integer baisa. */
export const offerRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  // Only the offers valid today in Asia/Muscat: an expired one disappears by itself. The
  // ETag names the content version and the hotel day; browsers revalidate every time, so a
  // staff change or midnight in Muscat is seen at once, an unchanged list costs one row.
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], `offers:${hotelToday()}`);
  return c.json(await listShownOffers(c.get('db')));
});
