import { Hono } from 'hono';
import { z } from '@shared/zod';
import { inventoryQuerySchema, smokingTypeSchema, splitInventoryUpdateSchema } from '@shared/schemas';
import { roomTypeCodeSchema } from '@shared/room-type-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { edgeCache } from '../../../platform/edge-cache';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { smokingAvailability, windowOrTonight } from '../availability';
import { setSmokingAllotment } from '../allotments';
import { translate } from '../../../platform/messages';

/**
 * /api/room-smoking-inventory: smoking and non-smoking rooms per room type. The read is
 * public, with optional ?from=&to= (tonight by default); the write is staff only
 * (modules/inventory/allotments.ts).
 */
export const roomSmokingInventoryRoutes = new Hono<AppEnv>()
  // A retired type's rows are left out unless ?all=1 (the staff's screen); retiring one moves the
  // inventory version (modules/bookings/room-types-admin.ts).
  .get('/', edgeCache(['inventory']), validate('query', inventoryQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const stay = windowOrTonight(query);
    const all = query.all === '1';
    await answerIfChanged(c, ['inventory'], `smoking:${stay.from}:${stay.to}${all ? ':all' : ''}`);
    return c.json(await smokingAvailability(c.get('db'), stay, { activeOnly: !all }));
  })
  .put(
    '/:roomType/:smokingType',
    requireRole('staff'),
    validate('param', z.object({ roomType: roomTypeCodeSchema, smokingType: smokingTypeSchema })),
    validate('json', splitInventoryUpdateSchema),
    async (c) => {
      const { roomType, smokingType } = c.req.valid('param');
      const body = c.req.valid('json');
      const value = (body.totalCount ?? body.availableCount)!;
      const row = await setSmokingAllotment(c.get('db'), c.get('user'), roomType, smokingType, value);
      return c.json({ message: translate('inventory_updated', c.get('language')), row });
    },
  );
