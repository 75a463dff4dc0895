import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { vipCardTypes } from '../db/schema/catalog';
import type { AppEnv } from '../env';
import { edgeCache } from '../http/edge-cache';

/** Cacheable briefly: the app also keeps the cards in its persisted query cache. */
const PUBLIC_CACHE = 'public, max-age=60';

/** GET /api/vip-cards (public catalogue): the VIP card types, prices in integer baisa. */
export const vipCardRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  const rows = await c.get('db').select().from(vipCardTypes).orderBy(asc(vipCardTypes.sortOrder));
  c.header('Cache-Control', PUBLIC_CACHE);
  return c.json(
    rows.map((v) => ({
      id: v.id,
      nameAr: v.nameAr,
      nameEn: v.nameEn,
      priceBaisa: v.price,
      totalRooms: v.totalRooms,
      freeCoffees: v.freeCoffees,
      freeNights: v.freeNights,
      discounts: v.discounts,
      isMostPopular: v.isMostPopular,
    })),
  );
});
