import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { activeHotels, shownHotel } from '../hotels';

/**
 * GET /api/hotels (public): the chain's hotels with their names, city, picture, host and address
 * (docs/decisions/103); one hotel on a deployment without a chain. From the registry in memory: no
 * database read.
 */
export const hotelRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const request = new URL(c.req.url);
  const hotels = (await activeHotels(c.env)).map((hotel) => shownHotel(hotel, request, c.env));
  c.header('Cache-Control', 'public, max-age=60');
  return c.json({ hotels });
});
