import { sql } from 'drizzle-orm';
import type { BedType, RoomType, SmokingType } from '../../../shared/src/constants';
import { addDays, hotelToday } from '../../../shared/src/dates';
import type { Db } from '../env';

/**
 * Live availability: the allotment staff set, minus the per-night holds of
 * active bookings on the busiest night of the window [from, to). Each call
 * is one D1 query; without a window it answers for tonight (hotel time).
 */
export type StayWindow = { from: string; to: string };

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

const ORDER = sql`case room_type when 'silver' then 1 when 'gold' then 2 when 'diamond' then 3 else 4 end`;

export async function roomAvailability(db: Db, w: StayWindow): Promise<RoomAvailabilityRow[]> {
  const rows = await db.all<Raw>(sql`
    select room_type as roomType, null as kind, total_count as totalCount, max_capacity as maxCapacity,
      coalesce((select max(n) from (
        select count(*) as n from booking_nights bn
        where bn.room_type = ri.room_type and bn.night >= ${w.from} and bn.night < ${w.to}
        group by bn.night)), 0) as held
    from room_inventory ri order by ${ORDER}`);
  return rows.map(toRow);
}

export async function bedAvailability(db: Db, w: StayWindow): Promise<BedAvailabilityRow[]> {
  const rows = await db.all<Raw>(sql`
    select room_type as roomType, bed_type as kind, total_count as totalCount, max_capacity as maxCapacity,
      coalesce((select max(n) from (
        select count(*) as n from booking_nights bn
        where bn.room_type = bi.room_type and bn.bed_type = bi.bed_type
          and bn.night >= ${w.from} and bn.night < ${w.to}
        group by bn.night)), 0) as held
    from room_bed_inventory bi order by ${ORDER}, bed_type desc`);
  return rows.map((raw) => ({ ...toRow(raw), bedType: raw.kind as BedType }));
}

export async function smokingAvailability(db: Db, w: StayWindow): Promise<SmokingAvailabilityRow[]> {
  const rows = await db.all<Raw>(sql`
    select room_type as roomType, smoking_type as kind, total_count as totalCount, max_capacity as maxCapacity,
      coalesce((select max(n) from (
        select count(*) as n from booking_nights bn
        where bn.room_type = si.room_type and bn.smoking_type = si.smoking_type
          and bn.night >= ${w.from} and bn.night < ${w.to}
        group by bn.night)), 0) as held
    from room_smoking_inventory si order by ${ORDER}, smoking_type desc`);
  return rows.map((raw) => ({ ...toRow(raw), smokingType: raw.kind as SmokingType }));
}
