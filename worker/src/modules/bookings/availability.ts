import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { BedType, RoomType, SmokingType } from '@shared/constants';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { offerNightPrices, roomNightBaisa } from '@shared/money';
import {
  nightPriceBaisa,
  nightRestrictions,
  rateLookup,
  STANDARD_RATE_PLAN,
  type Restrictions,
} from '@shared/rates';
import { bookingNights, roomNights } from './tables';
import { roomInventory } from './allotment-tables';
import type { Db } from '../../platform/env';
import { offersShownTodayQuery, withPrices } from '../catalog';
import { plansByCode, rateNightsWindowQuery, ratePlansQuery, sellablePlanChain, toRateNight } from '../rates';

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
  roomType: RoomType;
  availableCount: number;
  totalCount: number;
  maxCapacity: number;
};
export type BedAvailabilityRow = RoomAvailabilityRow & { bedType: BedType };
export type SmokingAvailabilityRow = RoomAvailabilityRow & { smokingType: SmokingType };

type Raw = { roomType: string; kind: string | null; totalCount: number; maxCapacity: number; held: number };

function toRow(raw: Raw) {
  return {
    roomType: raw.roomType as RoomType,
    availableCount: Math.max(0, raw.totalCount - raw.held),
    totalCount: raw.totalCount,
    maxCapacity: raw.maxCapacity,
  };
}

const ORDER = sql`case inv.room_type when 'silver' then 1 when 'gold' then 2 when 'diamond' then 3 else 4 end`;

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
) {
  const kindSelect = kind ? sql.raw(`inv.${kind}`) : sql`null`;
  const kindMatch = kind ? sql.raw(`and bn.${kind} = inv.${kind}`) : sql``;
  const kindOrder = kind ? sql.raw(`, inv.${kind} desc`) : sql``;
  // Rooms out of order (room_nights of a block) take the type's count down on their
  // nights like a hold does; they have no bed or smoking type, so only the rooms' count sees them.
  const blocked = kind
    ? sql``
    : sql`union all select rn.night from room_nights rn
        where rn.room_type = inv.room_type and rn.block_id is not null
          and rn.night >= ${w.from} and rn.night < ${w.to}`;
  return db.all<Raw>(sql`
    select inv.room_type as roomType, ${kindSelect} as kind, inv.total_count as totalCount,
      inv.max_capacity as maxCapacity,
      coalesce((select max(n) from (
        select count(*) as n from (
          select bn.night from booking_nights bn
          where bn.room_type = inv.room_type ${kindMatch} and bn.night >= ${w.from} and bn.night < ${w.to}
          ${blocked})
        group by night)), 0) as held
    from ${sql.raw(table)} inv order by ${ORDER}${kindOrder}`);
}

/**
 * Each room type's rooms free (its allotment less the holds on the busiest night of `w`), its
 * allotment and capacity (one D1 query).
 *
 * @example const rows = await roomAvailability(db, { from: '2027-03-14', to: '2027-03-16' });
 */
export async function roomAvailability(db: Db, w: StayWindow): Promise<RoomAvailabilityRow[]> {
  return (await availability(db, w, 'room_inventory', null)).map(toRow);
}

/** As `roomAvailability`, per room type and bed type. */
export async function bedAvailability(db: Db, w: StayWindow): Promise<BedAvailabilityRow[]> {
  const rows = await availability(db, w, 'room_bed_inventory', 'bed_type');
  return rows.map((raw) => ({ ...toRow(raw), bedType: raw.kind as BedType }));
}

/** As `roomAvailability`, per room type and smoking preference. */
export async function smokingAvailability(db: Db, w: StayWindow): Promise<SmokingAvailabilityRow[]> {
  const rows = await availability(db, w, 'room_smoking_inventory', 'smoking_type');
  return rows.map((raw) => ({ ...toRow(raw), smokingType: raw.kind as SmokingType }));
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
 * now is (modules/rates `nightPriceBaisa`, with today's offers, decision 014), and its
 * restrictions (why a night cannot be an arrival or a departure). One D1 round trip: the
 * allotment, the holds of the window counted per night along booking_nights_room_type_night_idx,
 * the plans, the window's rate rows along their primary key, and today's offers, in one batch;
 * the rows read are bounded by the window, not by history.
 */
export async function nightlyAvailability(
  db: Db,
  roomType: RoomType,
  w: StayWindow,
  plan: { ratePlan: string; numberOfGuests: number } = { ratePlan: STANDARD_RATE_PLAN, numberOfGuests: 2 },
  now = new Date(),
): Promise<NightAvailability[]> {
  const [allotment, holds, blocks, offerRows, planRows, rateRows] = await db.batch([
    db
      .select({ total: roomInventory.totalCount })
      .from(roomInventory)
      .where(eq(roomInventory.roomType, roomType)),
    db
      .select({ night: bookingNights.night, held: sql<number>`count(*)`.as('held') })
      .from(bookingNights)
      .where(
        and(
          eq(bookingNights.roomType, roomType),
          gte(bookingNights.night, w.from),
          lt(bookingNights.night, w.to),
        ),
      )
      .groupBy(bookingNights.night),
    db
      .select({ night: roomNights.night, held: sql<number>`count(*)`.as('held') })
      .from(roomNights)
      .where(
        and(
          eq(roomNights.roomType, roomType),
          isNotNull(roomNights.blockId),
          gte(roomNights.night, w.from),
          lt(roomNights.night, w.to),
        ),
      )
      .groupBy(roomNights.night),
    offersShownTodayQuery(db, now),
    ratePlansQuery(db),
    // The window's nights and its last departure date (closed to departure).
    rateNightsWindowQuery(db, roomType, w.from, w.to),
  ]);
  const total = allotment[0]?.total ?? 0;
  const heldOn = new Map(holds.map((h) => [h.night, Number(h.held)]));
  // Rooms out of order that night are not sellable either.
  for (const b of blocks) heldOn.set(b.night, (heldOn.get(b.night) ?? 0) + Number(b.held));
  const offers = offerNightPrices(withPrices(offerRows));
  const chain = sellablePlanChain(plansByCode(planRows), plan.ratePlan, roomType);
  const rates = rateLookup(rateRows.map(toRateNight));
  const roomPrice = roomNightBaisa(roomType, offers);
  return stayNights(w.from, w.to).map((date) => ({
    date,
    available: Math.max(0, total - (heldOn.get(date) ?? 0)),
    // One night for the guests, exactly as the booking's own nights are priced.
    priceBaisa: nightPriceBaisa(chain, rates, date, plan.numberOfGuests, roomPrice),
    restrictions: nightRestrictions(chain, rates, date),
  }));
}
