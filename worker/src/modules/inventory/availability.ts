import { eq, sql, type SQL } from 'drizzle-orm';
import type { BedType, SmokingType } from '@shared/constants';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { guestCountsOf, type GivenGuests, type GuestCounts } from '@shared/guest-counts';
import { offerNightPrices, typeNightBaisa } from '@shared/money';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import {
  nightPriceBaisa,
  nightRestrictions,
  rateLookup,
  STANDARD_RATE_PLAN,
  type Restrictions,
} from '@shared/rates';
import { blockedNightsQuery } from './stay-rooms';
import { roomInventory } from './allotment-tables';
import { holds } from './holds-port';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { offersShownTodayQuery, roomTypeQuery, withPrices } from '../catalog';
import {
  assertFits,
  plansByCode,
  rateNightsWindowQuery,
  ratePlansQuery,
  sellablePlanChain,
  sellableType,
  toRateNight,
} from '../rates';

/**
 * Live availability: the allotment staff set, minus the per-night holds of
 * active bookings on the busiest night of the window [from, to). Each call
 * is one D1 query; without a window it answers for tonight (hotel time).
 */
export type StayWindow = { from: string; to: string };

/**
 * The window a query asks (`from`, `to`), or tonight (hotel time) when it asks none.
 *
 * @example const w = windowOrTonight({}); // { from: today, to: tomorrow }
 */
export function windowOrTonight(query: { from?: string; to?: string }, now = new Date()): StayWindow {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const today = hotelToday(now);
  return { from: today, to: addDays(today, 1) };
}

export type RoomAvailabilityRow = {
  roomType: RoomTypeCode;
  availableCount: number;
  totalCount: number;
  maxCapacity: number;
};
export type BedAvailabilityRow = RoomAvailabilityRow & { bedType: BedType };
export type SmokingAvailabilityRow = RoomAvailabilityRow & { smokingType: SmokingType };

type Raw = { roomType: string; kind: string | null; totalCount: number; maxCapacity: number; held: number };

function toRow(raw: Raw) {
  return {
    roomType: raw.roomType,
    availableCount: Math.max(0, raw.totalCount - raw.held),
    totalCount: raw.totalCount,
    maxCapacity: raw.maxCapacity,
  };
}

/** The room types' own order (`rooms.sort_order`, then their creation), a type without a row last. */
const ORDER = sql`coalesce((select r.sort_order * 1000000 + r.id from rooms r where r.room_type = inv.room_type), 1e12), inv.room_type`;

/**
 * One query for one inventory table: each allotment row with the holds of its
 * busiest night in the window. `kind` is the bed or smoking column, matched
 * against the same column of booking_nights.
 */
async function availability(
  db: Db,
  w: StayWindow,
  table: 'room_inventory' | 'room_bed_inventory' | 'room_smoking_inventory',
  kind: 'bed_type' | 'smoking_type' | null,
  activeOnly: boolean,
) {
  // A retired type's rows stay in the tables (its bookings keep them) but are not offered.
  const active = activeOnly
    ? sql`where not exists (select 1 from rooms r where r.room_type = inv.room_type and r.available = 0)`
    : sql``;
  const kindSelect = kind ? sql.raw(`inv.${kind}`) : sql`null`;
  const kindOrder = kind ? sql.raw(`, inv.${kind} desc`) : sql``;
  const roomType = sql`inv.room_type`;
  // Rooms out of order (room_nights of a block) take the type's count down on their
  // nights like a hold does, and so do group blocks' holds (their members' nights are inside
  // them, migration 0072); neither has a bed or smoking type, so only the rooms' count sees them.
  // The stays' and blocks' holds are bookings' (the holds port, holds-port.ts).
  const blocked = kind
    ? sql``
    : sql`union all select rn.night, 1 from room_nights rn
        where rn.room_type = inv.room_type and rn.block_id is not null
          and rn.night >= ${w.from} and rn.night < ${w.to}
        union all ${holds().blockHoldsSql({ roomType, ...w })}`;
  const stays = holds().stayHoldsSql({
    roomType,
    ...w,
    kind: kind ? { column: kind, value: sql.raw(`inv.${kind}`) } : undefined,
    generalOnly: !kind,
  });
  return db.all<Raw>(sql`
    select inv.room_type as roomType, ${kindSelect} as kind, inv.total_count as totalCount,
      inv.max_capacity as maxCapacity,
      coalesce((select max(n) from (
        select sum(w) as n from (
          ${stays}
          ${blocked})
        group by night)), 0) as held
    from ${sql.raw(table)} inv ${active} order by ${ORDER}${kindOrder}`);
}

/**
 * Each room type's rooms free (its allotment less the holds on the busiest night of `w`), its
 * allotment and capacity (one D1 query).
 *
 * @example const rows = await roomAvailability(db, { from: '2027-03-14', to: '2027-03-16' });
 */
export async function roomAvailability(
  db: Db,
  w: StayWindow,
  { activeOnly = false } = {},
): Promise<RoomAvailabilityRow[]> {
  return (await availability(db, w, 'room_inventory', null, activeOnly)).map(toRow);
}

/**
 * A split's rows (per bed type, or per smoking preference) held to their type's rooms left: a room
 * out of order, or a group block's hold, has neither a bed nor a smoking type, so only the type's
 * count sees it (decision 047), and the split alone would offer more than the type has (the
 * guest's card "3 left" over a breakdown of 4). The split's rooms left never add up to more than
 * the type's: what is over is taken from the kind with the most left, one room at a time (the first
 * of equals in the split's order), so a kind is never shown bookable that the type is not
 * (docs/decisions/047-numbered-rooms.md, amendment "The split follows the type").
 */
export function fitSplitToRooms<T extends RoomAvailabilityRow>(
  split: T[],
  rooms: readonly RoomAvailabilityRow[],
): T[] {
  const fitted = split.map((r) => ({ ...r }));
  for (const type of rooms) {
    const kinds = fitted.filter((r) => r.roomType === type.roomType);
    let over = kinds.reduce((sum, r) => sum + r.availableCount, 0) - type.availableCount;
    while (over > 0) {
      const most = kinds.reduce((best, r) => (r.availableCount > best.availableCount ? r : best));
      most.availableCount -= 1;
      over -= 1;
    }
  }
  return fitted;
}

/** As `roomAvailability`, per room type and bed type (held to each type's rooms left). */
export async function bedAvailability(
  db: Db,
  w: StayWindow,
  { activeOnly = false } = {},
): Promise<BedAvailabilityRow[]> {
  const [rows, rooms] = await Promise.all([
    availability(db, w, 'room_bed_inventory', 'bed_type', activeOnly),
    roomAvailability(db, w, { activeOnly }),
  ]);
  return fitSplitToRooms(
    rows.map((raw) => ({ ...toRow(raw), bedType: raw.kind as BedType })),
    rooms,
  );
}

/** As `roomAvailability`, per room type and smoking preference (held to each type's rooms left). */
export async function smokingAvailability(
  db: Db,
  w: StayWindow,
  { activeOnly = false } = {},
): Promise<SmokingAvailabilityRow[]> {
  const [rows, rooms] = await Promise.all([
    availability(db, w, 'room_smoking_inventory', 'smoking_type', activeOnly),
    roomAvailability(db, w, { activeOnly }),
  ]);
  return fitSplitToRooms(
    rows.map((raw) => ({ ...toRow(raw), smokingType: raw.kind as SmokingType })),
    rooms,
  );
}

/** The rooms `holding` (SQL of rows `(night, w)`, the holds port's) holds on each night: a query for a batch. */
function heldByNight(db: Db, holding: SQL) {
  return db
    .select({ night: sql<string>`night`, held: sql<number>`sum(w)` })
    .from(sql`(${holding})`)
    .groupBy(sql`night`);
}

/** One night of the booking calendar: rooms of the type still sellable, its price and restrictions. */
export type NightAvailability = {
  date: string;
  available: number;
  priceBaisa: number;
  restrictions: Restrictions;
};

/**
 * The booking calendar (GET /api/availability): for each night of [from, to), the
 * rooms of `roomType` still sellable (the allotment minus that night's holds and rooms out of
 * order, never below 0), that night's price on the plan for the guests, priced as a booking made
 * now is (modules/rates `nightPriceBaisa`, with today's offers, decision 014, each guest above
 * the type's base occupancy at the extra-guest price: the night's, the plan's, the type's, the
 * spec's), and its restrictions (why a night cannot be an arrival or a departure). One D1 round trip: the allotment, the holds of the window
 * counted per night along booking_nights_room_type_night_idx, the plans, the window's rate rows
 * along their primary key, today's offers and the room type's row, in one batch; the rows read
 * are bounded by the window, not by history. 400 `invalid_room_type` for a type the hotel does
 * not sell, 422 `over_occupancy` for guests above its limits.
 */
export async function nightlyAvailability(
  db: Db,
  roomType: RoomTypeCode,
  w: StayWindow,
  plan: { ratePlan: string; guests?: GivenGuests } = { ratePlan: STANDARD_RATE_PLAN },
  now = new Date(),
): Promise<{ guests: GuestCounts; nights: NightAvailability[] }> {
  const [allotment, stayHolds, blocks, groupHolds, offerRows, planRows, rateRows, typeRows] = await db.batch([
    db
      .select({ total: roomInventory.totalCount })
      .from(roomInventory)
      .where(eq(roomInventory.roomType, roomType)),
    // A group member's night is inside its block's hold, counted below.
    heldByNight(db, holds().stayHoldsSql({ roomType, ...w, generalOnly: true })),
    blockedNightsQuery(db, w.from, w.to, roomType),
    heldByNight(db, holds().blockHoldsSql({ roomType, ...w })),
    offersShownTodayQuery(db, now),
    ratePlansQuery(db),
    // The window's nights and its last departure date (closed to departure).
    rateNightsWindowQuery(db, roomType, w.from, w.to),
    roomTypeQuery(db, roomType),
  ]);
  const type = sellableType(typeRows[0]);
  // Guests not named: the type's base occupancy in adults (two for the spec's four).
  const guests = guestCountsOf(plan.guests ?? {}, {
    adults: Math.min(type.baseOccupancy, type.maxAdults),
    children: 0,
  });
  if (!guests) throw new ApiError(400, 'validation_failed', { numberOfGuests: 'guests_range' });
  assertFits(type, guests);
  const total = allotment[0]?.total ?? 0;
  const heldOn = new Map(stayHolds.map((h) => [h.night, Number(h.held)]));
  // Rooms out of order that night are not sellable either.
  for (const b of blocks) heldOn.set(b.night, (heldOn.get(b.night) ?? 0) + Number(b.rooms));
  // Nor are the rooms group blocks hold (for their members only).
  for (const g of groupHolds) heldOn.set(g.night, (heldOn.get(g.night) ?? 0) + Number(g.held));
  const offers = offerNightPrices(withPrices(offerRows));
  const chain = sellablePlanChain(plansByCode(planRows), plan.ratePlan, roomType);
  const rates = rateLookup(rateRows.map(toRateNight));
  const priced = {
    priceBaisa: typeNightBaisa(type, offers),
    baseOccupancy: type.baseOccupancy,
    extraGuestPriceBaisa: type.extraGuestPriceBaisa,
  };
  const nights = stayNights(w.from, w.to).map((date) => ({
    date,
    available: Math.max(0, total - (heldOn.get(date) ?? 0)),
    // One night for the guests, exactly as the booking's own nights are priced.
    priceBaisa: nightPriceBaisa(chain, rates, date, guests.numberOfGuests, priced),
    restrictions: nightRestrictions(chain, rates, date),
  }));
  return { guests, nights };
}
