import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { listVipCards } from '../catalog-reads';

/** Cacheable briefly: the app also keeps the cards in its persisted query cache. */
const PUBLIC_CACHE = 'public, max-age=60';

/** GET /api/vip-cards (public catalogue): the VIP card types, prices in integer baisa. */
export const vipCardRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  const cards = await listVipCards(c.get('db'));
  c.header('Cache-Control', PUBLIC_CACHE);
  return c.json(cards);
});
