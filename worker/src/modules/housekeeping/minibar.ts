import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { FOLIO_OPEN_STATUSES } from '@shared/folio';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { bookingStatusIsSql } from '../bookings';
import {
  businessDateOf,
  chargeLineStatement,
  chargeLineValues,
  folioRefusal,
  lastClosedDateQuery,
  readTaxSettings,
} from '../folio';
import { housekeepingSettings, housekeepingTasks } from './tables';
import { isSupervisor } from './tasks';

/**
 * POST /api/housekeeping/tasks/:id/minibar: what a housekeeper found taken from a room's minibar,
 * posted on the folio of the stay the task serves, department `minibar`, one charge line per item
 * (its quantity, the item's price times it, split by the taxes in force), ALL in ONE batch with
 * its audit line: every line goes in, or none (the stay no longer open: 409 `booking_not_open`).
 * The items and prices are the hotel's minibar list (housekeeping settings) until the minibar
 * outlet's items replace them (docs/decisions/091-housekeeping-tasks.md).
 */
export async function reportMinibar(
  db: Db,
  user: SessionUser,
  id: number,
  items: { itemId: string; quantity: number }[],
) {
  const [tasks, settingsRows, closed] = await db.batch([
    db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, id)),
    db.select({ minibarItems: housekeepingSettings.minibarItems }).from(housekeepingSettings),
    lastClosedDateQuery(db),
  ]);
  const task = tasks[0];
  if (!task || (!isSupervisor(user) && task.assignedTo !== user.id))
    throw new ApiError(404, 'task_not_found');
  if (task.bookingId === null) throw new ApiError(409, 'booking_not_open');
  const list = settingsRows[0]?.minibarItems ?? [];
  const taxes = await readTaxSettings(db);
  const businessDate = businessDateOf(closed);
  const open = bookingStatusIsSql(task.bookingId, FOLIO_OPEN_STATUSES);
  // Items named twice count once, their quantities added.
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.itemId, (quantities.get(item.itemId) ?? 0) + item.quantity);
  const lines = [...quantities].map(([itemId, quantity]) => {
    const item = list.find((i) => i.id === itemId);
    if (!item) throw new ApiError(400, 'minibar_item_unknown');
    return {
      // The guest reads their bill in either language: both names.
      description: `${item.nameEn} / ${item.nameAr}`,
      quantity,
      values: chargeLineValues(taxes, 'minibar', businessDate, item.priceBaisa * quantity),
    };
  });
  const statements: BatchItem<'sqlite'>[] = lines.map((line) =>
    chargeLineStatement(
      db,
      { bookingId: task.bookingId!, department: 'minibar', ...line, businessDate, createdBy: user.id },
      open,
    ),
  );
  statements.push(
    insertWhere(
      db,
      auditLog,
      auditEntry(user, 'housekeeping.minibar', 'booking', task.bookingId, null, {
        task: id,
        room: task.roomId,
        items: lines.map((l) => ({
          description: l.description,
          quantity: l.quantity,
          amountBaisa: l.values.amountBaisa,
        })),
        businessDate,
      }),
      open,
    ),
    db.select({ open: sql<number>`${open}` }).from(sql`(select 1)`),
  );
  const results = await db
    .batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    .catch((err: unknown) => {
      throw folioRefusal(err) ?? err;
    });
  const last = results.at(-1) as { open: number }[];
  if (!last[0]?.open) throw new ApiError(409, 'booking_not_open');
  return { lines: lines.length, amountBaisa: lines.reduce((sum, l) => sum + l.values.amountBaisa, 0) };
}
