import { eq, inArray, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { lostFoundItems as items } from './tables';
import type { Db } from '../../platform/env';
import { notifyStatements } from '../../platform/notify';
import { bookingRowsQuery } from '../bookings';

/**
 * How the guest of a found item's stay is told (docs/decisions/092): one event, `lost_item_found`,
 * raised in the notice's own batch through platform/notify.ts, whose channels (modules/messaging)
 * queue what it says. Today that is an e-mail to the stay's address. This is the seam for the
 * guest's own messaging: when the WhatsApp channel of the messaging module (the guest inbox) takes
 * this event for a guest who opted in, it is queued here with the e-mail's, and nothing in this
 * module changes.
 */
export function guestNoticeStatements(db: Db, where: SQL): BatchItem<'sqlite'>[] {
  return notifyStatements(db, { kind: 'lost_item_found', where });
}

/**
 * Found items as the notification channels read them: those an event's condition names (`match`
 * over `lost_found_items`) or those of the ids given, with their matched stay's guest: the address
 * written to (`address`), the stay's language, name and phone, what was found, where and until
 * when it is kept. A query to put in the caller's statement (columns by their names) or read alone.
 */
export function lostItemMessageRows(db: Db, match: SQL | number[]) {
  const b = bookingRowsQuery(db).as('b');
  return db
    .select({
      id: items.id,
      address: b.address,
      lang: b.lang,
      fullName: b.fullName,
      phoneNumber: b.phoneNumber,
      description: items.description,
      place: items.place,
      foundOn: items.foundOn,
      keepUntil: items.keepUntil,
    })
    .from(items)
    .innerJoin(b, eq(b.id, items.bookingId))
    .where(Array.isArray(match) ? inArray(items.id, match.length ? match : [-1]) : match);
}
