import { Hono } from 'hono';
import { inventoryQuerySchema } from '../../../shared/src/schemas';
import type { AppEnv } from '../env';
import { bedAvailability, roomAvailability, smokingAvailability, windowOrTonight } from '../lib/availability';
import { validate } from '../lib/validation';

/**
 * The spec's inventory reads: /api/room-inventory, /api/room-bed-inventory,
 * /api/room-smoking-inventory, each with optional ?from=&to= (YYYY-MM-DD).
 */
export const inventory = new Hono<AppEnv>()
  .get('/room-inventory', validate('query', inventoryQuerySchema), async (c) =>
    c.json(await roomAvailability(c.get('db'), windowOrTonight(c.req.valid('query')))),
  )
  .get('/room-bed-inventory', validate('query', inventoryQuerySchema), async (c) =>
    c.json(await bedAvailability(c.get('db'), windowOrTonight(c.req.valid('query')))),
  )
  .get('/room-smoking-inventory', validate('query', inventoryQuerySchema), async (c) =>
    c.json(await smokingAvailability(c.get('db'), windowOrTonight(c.req.valid('query')))),
  );
