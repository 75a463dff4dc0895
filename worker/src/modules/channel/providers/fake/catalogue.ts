import { z } from 'zod';
import type { Db } from '../../../../platform/env';
import { roomTypesQuery } from '../../../catalog';
import { ratePlansQuery } from '../../../rates';
import { fakeChannexRatePlans, fakeChannexRoomTypes } from '../../fake-channex-tables';
import { FAKE_CHANNEX } from './constants';

/**
 * The fake's property: the room types and rate plans a push may name (Channex warns for an id it
 * does not know and ignores that value). The fake plays a property already set up with the
 * hotel's own types and plans, as Channex's PMS integration guide's automated mapping would
 * create them: every room type under its code (`family-suite`) and every plan of it as `<plan>:<type>`
 * (`standard:family-suite`), the ids the app maps to with the fake. Beside them, the types and plans made
 * through the fake's `POST /room_types` and `POST /rate_plans` (Channex's "Room Types" and "Rate
 * Plans" collections): a generated id each, as Channex's UUIDs. A rate plan belongs to one room
 * type, so a restriction value names only its plan and the fake knows the type from it.
 */
export type FakeCatalogue = {
  roomTypes: ReadonlySet<string>;
  /** A rate plan's id to its room type's id. */
  ratePlanRoomType: ReadonlyMap<string, string>;
};

/** The ids the fake knows, in one D1 batch. */
export async function readCatalogue(db: Db): Promise<FakeCatalogue> {
  const [types, plans, ownTypes, ownPlans] = await db.batch([
    roomTypesQuery(db),
    ratePlansQuery(db),
    db.select({ id: fakeChannexRoomTypes.id }).from(fakeChannexRoomTypes),
    db
      .select({ id: fakeChannexRatePlans.id, roomTypeId: fakeChannexRatePlans.roomTypeId })
      .from(fakeChannexRatePlans),
  ]);
  const roomTypes = new Set([...types.map((t) => t.roomType), ...ownTypes.map((t) => t.id)]);
  const ratePlanRoomType = new Map<string, string>();
  for (const plan of plans) {
    for (const type of types) ratePlanRoomType.set(`${plan.code}:${type.roomType}`, type.roomType);
  }
  for (const plan of ownPlans) ratePlanRoomType.set(plan.id, plan.roomTypeId);
  return { roomTypes, ratePlanRoomType };
}

/** Channex's validation words for a refused create (422 `validation_error`, `details`). */
export type Refusal = { details: Record<string, string[]> };

const title = z.string().trim().min(1).max(255);

/** `POST /room_types` `{room_type: {property_id, title, count_of_rooms, occupancy, ...}}` (the fields the fake keeps). */
export const roomTypeBodySchema = z.object({
  room_type: z.object({
    property_id: z.string(),
    title,
    count_of_rooms: z.number().int().min(0).max(10_000).default(0),
    occupancy: z.number().int().min(1).max(18).default(2),
  }),
});

/** `POST /rate_plans` `{rate_plan: {title, property_id, room_type_id, options: [{occupancy, is_primary, rate}], ...}}`. */
export const ratePlanBodySchema = z.object({
  rate_plan: z.object({
    property_id: z.string(),
    title,
    room_type_id: z.string().min(1).max(100),
    options: z
      .array(
        z.object({
          occupancy: z.number().int().min(1).max(18),
          is_primary: z.boolean().optional(),
          rate: z.union([z.number(), z.string()]).optional(),
        }),
      )
      .min(1),
  }),
});

const relationship = (type: string, id: string) => ({ data: { type, id } });

/** Makes a room type; answers Channex's resource, or a refusal for another property. */
export async function createRoomType(
  db: Db,
  body: z.infer<typeof roomTypeBodySchema>,
): Promise<{ resource: object } | Refusal> {
  const given = body.room_type;
  if (given.property_id !== FAKE_CHANNEX.propertyId) return { details: { property_id: ['not found'] } };
  const id = crypto.randomUUID();
  await db.insert(fakeChannexRoomTypes).values({
    id,
    title: given.title,
    countOfRooms: given.count_of_rooms,
    occupancy: given.occupancy,
  });
  return {
    resource: {
      type: 'room_type',
      id,
      attributes: {
        id,
        title: given.title,
        count_of_rooms: given.count_of_rooms,
        occupancy: given.occupancy,
      },
      relationships: { property: relationship('property', FAKE_CHANNEX.propertyId) },
    },
  };
}

/** Makes a rate plan of one room type the fake knows; answers Channex's resource, or a refusal. */
export async function createRatePlan(
  db: Db,
  body: z.infer<typeof ratePlanBodySchema>,
): Promise<{ resource: object } | Refusal> {
  const given = body.rate_plan;
  if (given.property_id !== FAKE_CHANNEX.propertyId) return { details: { property_id: ['not found'] } };
  const catalogue = await readCatalogue(db);
  if (!catalogue.roomTypes.has(given.room_type_id)) return { details: { room_type_id: ['not found'] } };
  const id = crypto.randomUUID();
  await db.insert(fakeChannexRatePlans).values({ id, roomTypeId: given.room_type_id, title: given.title });
  return {
    resource: {
      type: 'rate_plan',
      id,
      attributes: { id, title: given.title, currency: 'OMR', sell_mode: 'per_room', options: given.options },
      relationships: {
        room_type: relationship('room_type', given.room_type_id),
        property: relationship('property', FAKE_CHANNEX.propertyId),
      },
    },
  };
}
