import { Hono } from 'hono';
import { z } from '@shared/zod';
import { hotelToday } from '@shared/dates';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { answerIfChanged } from '../../../platform/etag-answers';
import { validate } from '../../../platform/validation';
import { publicRoomTypes } from '../room-types';

/** `?all=1`: retired types too. */
const roomTypesQuerySchema = z.object({ all: z.enum(['0', '1']).optional() });

/**
 * GET /api/room-types[?all=1] (public): the active room types (all=1: retired ones too, each with
 * `active`), the hotel's own data, with their
 * occupancy, prices in integer baisa (suffix `Baisa`), the lowest price shown today and staff
 * photos. The app keeps it in its persisted query cache, so a phone offline still lists them
 * and a type added meanwhile appears once it is online again.
 */
export const roomTypeRoutes = new Hono<AppEnv>().get(
  '/',
  edgeCache(['content']),
  validate('query', roomTypesQuerySchema),
  async (c) => {
    // ?all=1: every type, retired ones too (each with `active`), for the names of what was
    // booked; the landing and the booking forms ask without it.
    const all = c.req.valid('query').all === '1';
    // Revalidated every time; the ETag names the content version and the hotel day (today's offers
    // set the lowest price): a new type or photo is seen at once.
    c.header('Cache-Control', 'public, no-cache');
    await answerIfChanged(c, ['content'], `room-types:${all ? 'all:' : ''}${hotelToday()}`);
    return c.json(await publicRoomTypes(c.get('db'), { all }));
  },
);
