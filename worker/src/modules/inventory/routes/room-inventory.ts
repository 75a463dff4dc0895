import { Hono } from 'hono';
import { z } from '@shared/zod';
import { inventoryQuerySchema, roomInventoryUpdateSchema } from '@shared/schemas';
import { roomTypeCodeSchema } from '@shared/room-type-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { edgeCache } from '../../../platform/edge-cache';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { roomAvailability, windowOrTonight } from '../availability';
import { setRoomAllotment } from '../allotments';
import { translate } from '../../../platform/messages';

/**
 * /api/room-inventory: rooms per type. The read is public, with optional ?from=&to=
 * (YYYY-MM-DD; tonight by default); the write is staff only (modules/inventory/allotments.ts).
 */
export const roomInventoryRoutes = new Hono<AppEnv>()
  // A retired type's rows are left out unless ?all=1 (the staff's screen); retiring one moves the
  // inventory version (modules/bookings/room-types-admin.ts).
  .get('/', edgeCache(['inventory']), validate('query', inventoryQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const stay = windowOrTonight(query);
    const all = query.all === '1';
    await answerIfChanged(c, ['inventory'], `rooms:${stay.from}:${stay.to}${all ? ':all' : ''}`);
    return c.json(await roomAvailability(c.get('db'), stay, { activeOnly: !all }));
  })
  .put(
    '/:roomType',
    requireRole('staff'),
    validate('param', z.object({ roomType: roomTypeCodeSchema })),
    validate('json', roomInventoryUpdateSchema),
    async (c) => {
      const { roomType } = c.req.valid('param');
      const { availableCount } = c.req.valid('json');
      const row = await setRoomAllotment(c.get('db'), c.get('user'), roomType, availableCount);
      return c.json({ message: translate('inventory_updated', c.get('language')), row });
    },
  );
