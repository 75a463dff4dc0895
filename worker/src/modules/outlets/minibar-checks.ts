import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import type { Idempotency } from '../../platform/idempotency';
import { inHouseRooms } from '../bookings';
import { checkContext, insertCheck, once, pricedLines, roomRefusal } from './checks';
import { outletItems, outlets } from './tables';

/*
 * The minibar's checks (docs/decisions/090-outlets.md): its menu for the housekeeper's phone and the
 * use a housekeeper reports in a room, posted as any check (checks.ts `insertCheck`).
 */

/** The hotel's minibar: its first open outlet of kind `minibar` (an SQL subquery of its id). */
const minibarIdSql = sql`(select id from outlets where kind = 'minibar' and active = 1 order by id limit 1)`;

/**
 * The minibar's menu (its open items, in the menu's order as its tablet shows them) for the
 * housekeeper's report from a room: a query for the caller's batch, its rows as few as the
 * minibar's items.
 *
 * @example
 * const [tasks, minibar] = await db.batch([tasksQuery, minibarMenuQuery(db)]);
 */
export function minibarMenuQuery(db: Db) {
  return db
    .select({
      id: outletItems.id,
      nameAr: outletItems.nameAr,
      nameEn: outletItems.nameEn,
      priceBaisa: outletItems.priceBaisa,
    })
    .from(outletItems)
    .where(and(eq(outletItems.outletId, minibarIdSql), eq(outletItems.active, true)))
    .orderBy(outletItems.id);
}

/**
 * The minibar's use a housekeeper reports in a room (modules/housekeeping's minibar report): a
 * check of the hotel's minibar outlet (the first open one) to the stay in house in `bookingId`'s
 * room, its items of the minibar's menu, in ONE batch with its audit line (which names the
 * housekeeping task it came from, if any). No surname to compare (the housekeeper is in the room);
 * the stay's flag and credit hold as for any check; once per Idempotency-Key.
 *
 * @example
 * await chargeMinibar(db, housekeeper, { bookingId: 7, items: [{ itemId: 4, quantity: 1 }], task: { id: 9, roomId: 3 } },
 *   { idem: null, language: 'ar' });
 */
export async function chargeMinibar(
  db: Db,
  actor: SessionUser,
  input: {
    bookingId: number;
    items: { itemId: number; quantity: number }[];
    task?: { id: number; roomId: number };
  },
  { idem, language }: { idem: Idempotency | null; language: 'ar' | 'en' },
) {
  const [minibar] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, minibarIdSql));
  if (!minibar) throw new ApiError(409, 'no_minibar_outlet');
  const ids = [...new Set(input.items.map((i) => i.itemId))];
  const { outlet, items, businessDate, settings, storedRow } = await checkContext(db, minibar.id, ids, idem);
  return once(db, outlet, idem, storedRow, language, async () => {
    const byId = new Map(items.filter((i) => i.active).map((i) => [i.id, i]));
    if (ids.length === 0 || ids.some((id) => !byId.has(id))) throw new ApiError(409, 'outlet_item_unknown');
    const lines = pricedLines(
      settings,
      businessDate,
      input.items.map(({ itemId, quantity }) => {
        const item = byId.get(itemId)!;
        return {
          itemId,
          nameAr: item.nameAr,
          nameEn: item.nameEn,
          quantity,
          department: item.department,
          amountBaisa: item.priceBaisa * quantity,
        };
      }),
    );
    const [stay] = await inHouseRooms.query(db, hotelToday(), { bookingId: input.bookingId });
    if (!stay) throw new ApiError(409, 'room_not_in_house');
    const refused = roomRefusal(
      stay,
      lines.reduce((a, l) => a + l.amountBaisa, 0),
    );
    if (refused) throw refused;
    return insertCheck(db, {
      outlet,
      source: 'tablet',
      checkNumber: null,
      lines,
      settlement: { kind: 'room', stay },
      businessDate,
      actor,
      keyId: null,
      idem,
      language,
      task: input.task ?? null,
    });
  });
}
