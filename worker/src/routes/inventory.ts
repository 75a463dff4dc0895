import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  bedTypeSchema,
  inventoryQuerySchema,
  roomInventoryUpdateSchema,
  roomTypeSchema,
  smokingTypeSchema,
  splitInventoryUpdateSchema,
} from '../../../shared/src/schemas';
import { roomBedInventory, roomInventory, roomSmokingInventory } from '../db/schema/inventory';
import { auditLog } from '../db/schema/operations';
import type { AppEnv } from '../env';
import { auditEntry } from '../lib/audit';
import { requireRole, type AuthedEnv } from '../http/auth';
import { bedAvailability, roomAvailability, smokingAvailability, windowOrTonight } from '../lib/availability';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/messages';
import { validate } from '../http/validation';
import { edgeCache } from '../http/edge-cache';
import { answerIfChanged } from '../http/versions';

/**
 * The spec's inventory calls. Reads are public: /api/room-inventory,
 * /api/room-bed-inventory, /api/room-smoking-inventory, each with optional
 * ?from=&to= (YYYY-MM-DD; tonight by default). Writes are staff only and set
 * the allotment, refused below 0 or above the row's cap; each is audited.
 */
function checkBounds(value: number, row: { maxCapacity: number } | undefined) {
  if (!row) throw new ApiError(404, 'inventory_not_found');
  if (value > row.maxCapacity)
    throw new ApiError(400, 'validation_failed', { availableCount: 'inventory_above_cap' });
}

function updated(c: Context<AuthedEnv>) {
  return translate('inventory_updated', c.get('language'));
}

export const inventory = new Hono<AppEnv>()
  .get('/room-inventory', edgeCache(['inventory']), validate('query', inventoryQuerySchema), async (c) => {
    const stay = windowOrTonight(c.req.valid('query'));
    await answerIfChanged(c, ['inventory'], `rooms:${stay.from}:${stay.to}`);
    return c.json(await roomAvailability(c.get('db'), stay));
  })
  .get(
    '/room-bed-inventory',
    edgeCache(['inventory']),
    validate('query', inventoryQuerySchema),
    async (c) => {
      const stay = windowOrTonight(c.req.valid('query'));
      await answerIfChanged(c, ['inventory'], `beds:${stay.from}:${stay.to}`);
      return c.json(await bedAvailability(c.get('db'), stay));
    },
  )
  .get(
    '/room-smoking-inventory',
    edgeCache(['inventory']),
    validate('query', inventoryQuerySchema),
    async (c) => {
      const stay = windowOrTonight(c.req.valid('query'));
      await answerIfChanged(c, ['inventory'], `smoking:${stay.from}:${stay.to}`);
      return c.json(await smokingAvailability(c.get('db'), stay));
    },
  )
  .put(
    '/room-inventory/:roomType',
    requireRole('staff'),
    validate('param', z.object({ roomType: roomTypeSchema })),
    validate('json', roomInventoryUpdateSchema),
    async (c) => {
      const { roomType } = c.req.valid('param');
      const { availableCount } = c.req.valid('json');
      const db = c.get('db');
      const before = await db.select().from(roomInventory).where(eq(roomInventory.roomType, roomType)).get();
      checkBounds(availableCount, before);
      await db.batch([
        db
          .update(roomInventory)
          .set({ totalCount: availableCount })
          .where(eq(roomInventory.roomType, roomType)),
        db.insert(auditLog).values(
          auditEntry(c.get('user'), 'inventory.rooms', 'room_inventory', roomType, before, {
            totalCount: availableCount,
          }),
        ),
      ]);
      const rows = await roomAvailability(db, windowOrTonight({}));
      return c.json({ message: updated(c), row: rows.find((r) => r.roomType === roomType)! });
    },
  )
  .put(
    '/room-bed-inventory/:roomType/:bedType',
    requireRole('staff'),
    validate('param', z.object({ roomType: roomTypeSchema, bedType: bedTypeSchema })),
    validate('json', splitInventoryUpdateSchema),
    async (c) => {
      const { roomType, bedType } = c.req.valid('param');
      const body = c.req.valid('json');
      const value = (body.totalCount ?? body.availableCount)!;
      const db = c.get('db');
      const where = and(eq(roomBedInventory.roomType, roomType), eq(roomBedInventory.bedType, bedType));
      const before = await db.select().from(roomBedInventory).where(where).get();
      checkBounds(value, before);
      await db.batch([
        db.update(roomBedInventory).set({ totalCount: value }).where(where),
        db.insert(auditLog).values(
          auditEntry(
            c.get('user'),
            'inventory.beds',
            'room_bed_inventory',
            `${roomType}/${bedType}`,
            before,
            {
              totalCount: value,
            },
          ),
        ),
      ]);
      const rows = await bedAvailability(db, windowOrTonight({}));
      return c.json({
        message: updated(c),
        row: rows.find((r) => r.roomType === roomType && r.bedType === bedType)!,
      });
    },
  )
  .put(
    '/room-smoking-inventory/:roomType/:smokingType',
    requireRole('staff'),
    validate('param', z.object({ roomType: roomTypeSchema, smokingType: smokingTypeSchema })),
    validate('json', splitInventoryUpdateSchema),
    async (c) => {
      const { roomType, smokingType } = c.req.valid('param');
      const body = c.req.valid('json');
      const value = (body.totalCount ?? body.availableCount)!;
      const db = c.get('db');
      const where = and(
        eq(roomSmokingInventory.roomType, roomType),
        eq(roomSmokingInventory.smokingType, smokingType),
      );
      const before = await db.select().from(roomSmokingInventory).where(where).get();
      checkBounds(value, before);
      await db.batch([
        db.update(roomSmokingInventory).set({ totalCount: value }).where(where),
        db
          .insert(auditLog)
          .values(
            auditEntry(
              c.get('user'),
              'inventory.smoking',
              'room_smoking_inventory',
              `${roomType}/${smokingType}`,
              before,
              { totalCount: value },
            ),
          ),
      ]);
      const rows = await smokingAvailability(db, windowOrTonight({}));
      return c.json({
        message: updated(c),
        row: rows.find((r) => r.roomType === roomType && r.smokingType === smokingType)!,
      });
    },
  );
