import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import type { GroupDetail, RoomingListGuest } from '@shared/group-schemas';
import { ApiError } from '../../platform/api-error';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import type { MessageCode } from '../../platform/messages';
import { auditLog } from '../../platform/tables';
import { bookingRefusal, groupStays } from '../bookings';
import { priceStay, type PricedStay } from '../rates';
import { groupBookingStatements, type GroupStay } from './group-stays';
import { assertOpen, companyOf, findGroup, groupDetail } from './groups';
import { groupBlockNights, type GroupBlock } from './tables';
import { phoneKeyOf } from '../../platform/phone-numbers';

/**
 * The rooming list (POST /api/admin/groups/:id/rooming-list): one booking per guest inside the
 * block, at the group's plan, confirmed, source and segment 'group', the block's company; all of
 * them in ONE batch or none. The lines that do not fit what the block still holds (held minus
 * picked up, night by night, in the list's order) are named before anything is written (409
 * `block_exceeded`, `lines`); under a race the no-overbooking trigger is the final judge and the
 * lines are counted again from what the other list took.
 */

type Cell = { held: number; pickedUp: number };

/** What the block holds and its members use, by type and night, and each type's first and last night. */
async function blockState(db: Db, id: number) {
  const [holds, pickups] = await db.batch([
    db.select().from(groupBlockNights).where(eq(groupBlockNights.groupId, id)),
    groupStays.groupPickupQuery(db, id),
  ]);
  const cells = new Map<string, Cell>();
  const span = new Map<string, { first: string; last: string }>();
  for (const h of holds) {
    cells.set(`${h.roomType}|${h.night}`, { held: h.held, pickedUp: 0 });
    if (h.held <= 0) continue;
    const s = span.get(h.roomType);
    if (!s) span.set(h.roomType, { first: h.night, last: h.night });
    else {
      if (h.night < s.first) s.first = h.night;
      if (h.night > s.last) s.last = h.night;
    }
  }
  for (const p of pickups) {
    const cell = cells.get(`${p.roomType}|${p.night}`) ?? { held: 0, pickedUp: 0 };
    cell.pickedUp = p.pickedUp;
    cells.set(`${p.roomType}|${p.night}`, cell);
  }
  return { cells, span };
}

type Dated = RoomingListGuest & { checkInDate: string; checkOutDate: string };

/** Each guest's dates: as given, else the block's first night of the type and the day after its last. */
function withDates(guests: RoomingListGuest[], span: Map<string, { first: string; last: string }>) {
  return guests.map((g): Dated | null => {
    const s = span.get(g.roomType);
    const checkInDate = g.checkInDate ?? s?.first;
    const checkOutDate = g.checkOutDate ?? (s ? addDays(s.last, 1) : undefined);
    if (!checkInDate || !checkOutDate || checkOutDate <= checkInDate) return null;
    return { ...g, checkInDate, checkOutDate };
  });
}

/** The lines (0-based) that do not fit, taking each line's nights in order from what is left. */
function linesNotFitting(guests: (Dated | null)[], cells: Map<string, Cell>): number[] {
  const left = new Map([...cells].map(([k, c]) => [k, c.held - c.pickedUp]));
  const out: number[] = [];
  guests.forEach((g, i) => {
    if (!g) return void out.push(i);
    const keys = stayNights(g.checkInDate, g.checkOutDate).map((n) => `${g.roomType}|${n}`);
    if (keys.some((k) => (left.get(k) ?? 0) < 1)) return void out.push(i);
    for (const k of keys) left.set(k, left.get(k)! - 1);
  });
  return out;
}

/**
 * Why pricing refused a line, as one code: a field's reason rather than "some fields are not
 * valid"; the block's plan exists, so a plan "unknown" for the line is one that does not sell its
 * room type (staff price retired plans too).
 */
function lineReason(err: ApiError): MessageCode {
  const field = Object.values(err.fields ?? {})[0];
  const reason = (err.code === 'validation_failed' && field ? field : err.code) as MessageCode;
  return reason === 'rate_plan_unknown' ? 'rate_plan_room_type_unsold' : reason;
}

const exceeded = (lines: number[]) => new ApiError(409, 'block_exceeded', undefined, { lines });

/** The stays of the list priced on the group's plan (the same stay priced once). */
async function priced(db: Db, block: GroupBlock, guests: Dated[]): Promise<GroupStay[]> {
  const company = block.companyId ? await companyOf(db, block.companyId) : null;
  const cache = new Map<string, Promise<PricedStay>>();
  const today = hotelToday();
  const settled = await Promise.allSettled(
    guests.map(async (g, i) => {
      if (g.checkInDate < today)
        throw new ApiError(400, 'validation_failed', { [`guests.${i}.checkInDate`]: 'check_in_past' });
      const stay = {
        roomType: g.roomType,
        ratePlan: block.ratePlan,
        checkInDate: g.checkInDate,
        checkOutDate: g.checkOutDate,
        numberOfGuests: g.adults + g.children,
        adults: g.adults,
        children: g.children,
      };
      const key = JSON.stringify(stay);
      if (!cache.has(key))
        cache.set(
          key,
          priceStay(db, stay, { restricted: false, staff: true, companyPlans: company?.ratePlanCodes ?? [] }),
        );
      let price: PricedStay;
      try {
        price = await cache.get(key)!;
      } catch (err) {
        // Which line the refusal is for, and why (its room type's limits, a plan not sold for it).
        if (err instanceof ApiError) {
          const reason = lineReason(err);
          throw new ApiError(err.status, reason, { [`guests.${i}`]: reason }, err.extra);
        }
        throw err;
      }
      return {
        fullName: g.fullName,
        phoneNumber: g.phoneNumber ? phoneKeyOf(g.phoneNumber) : '',
        roomType: g.roomType,
        checkInDate: g.checkInDate,
        checkOutDate: g.checkOutDate,
        adults: price.adults,
        children: price.children,
        ratePlan: price.ratePlan,
        nightPrices: price.nights.map((n) => n.priceBaisa),
        cancellationRule: price.cancellation,
        depositRule: price.plan.deposit,
      };
    }),
  );
  // Every line refused is named (not only the first): one error, the first line's status and code.
  const refused = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (refused.length > 0) {
    const first = refused[0];
    if (!(first instanceof ApiError)) throw first;
    const fields = Object.assign({}, ...refused.map((e) => (e instanceof ApiError ? e.fields : {})));
    throw new ApiError(first.status, first.code, fields, first.extra);
  }
  return settled.map((r) => (r as PromiseFulfilledResult<GroupStay>).value);
}

/** How many times the batch is built again for a booking reference drawn twice (one in billions). */
const REFERENCE_TRIES = 3;

export async function bookRoomingList(
  db: Db,
  staff: SessionUser,
  id: number,
  guests: RoomingListGuest[],
): Promise<GroupDetail & { references: string[] }> {
  const block = await findGroup(db, id);
  assertOpen(block);
  const { cells, span } = await blockState(db, id);
  const dated = withDates(guests, span);
  const misfits = linesNotFitting(dated, cells);
  if (misfits.length) throw exceeded(misfits);
  const stays = await priced(db, block, dated as Dated[]);
  for (let attempt = 1; ; attempt++) {
    const { statements, references } = groupBookingStatements(db, block, stays, staff);
    try {
      await db.batch([
        ...statements,
        db.insert(auditLog).values(
          auditEntry(staff, 'group.rooming_list', 'group', id, null, {
            bookings: references.length,
            references,
          }),
        ),
      ] as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
      return { ...(await groupDetail(db, id)), references };
    } catch (err) {
      if (groupStays.isBookingReferenceClash(err) && attempt < REFERENCE_TRIES) continue;
      const refusal = bookingRefusal(err);
      if (refusal?.code === 'block_exceeded' || refusal?.code === 'no_rooms_available') {
        // Another list (or a cancellation) got there first: name the lines against what is left now.
        const now = await blockState(db, id);
        const lines = linesNotFitting(withDates(guests, now.span), now.cells);
        throw exceeded(lines.length ? lines : guests.map((_, i) => i));
      }
      throw refusal ?? err;
    }
  }
}
