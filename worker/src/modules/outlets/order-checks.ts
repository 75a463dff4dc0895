import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { inHouseRooms } from '../bookings';
import { businessDateOf, lastClosedDateQuery, readTaxSettings } from '../folio';
import { insertCheck, pricedLines, roomRefusal, type CheckPosted } from './checks';
import type { Outlet, OutletOrder } from './tables';

/**
 * The check an app order becomes when its outlet accepts it (decision 102): the order's lines at the
 * prices it was sent with, split by the taxes in force on the open business date, charged to the
 * order's stay in ONE batch with the order turned `accepted` (only while it is still `sent`: of two
 * accepts at once, one posts). The stay's flag and credit hold as for any check; no surname is
 * compared (the guest is known by the booking they ordered from).
 *
 * @example const posted = await postOrderCheck(db, waiter, outlet, order, { language: 'ar' });
 */
export async function postOrderCheck(
  db: Db,
  actor: SessionUser,
  outlet: Outlet,
  order: OutletOrder,
  { language }: { language: 'ar' | 'en' },
): Promise<CheckPosted> {
  const [closed, settings, stays] = await Promise.all([
    lastClosedDateQuery(db),
    readTaxSettings(db),
    inHouseRooms.query(db, hotelToday(), { bookingId: order.bookingId }),
  ]);
  const businessDate = businessDateOf(closed);
  const [stay] = stays;
  if (!stay) throw new ApiError(409, 'room_not_in_house');
  const lines = pricedLines(
    settings,
    businessDate,
    order.lines.map((l) => ({
      itemId: l.itemId,
      nameAr: l.nameAr,
      nameEn: l.nameEn,
      quantity: l.quantity,
      department: l.department,
      amountBaisa: l.amountBaisa,
    })),
  );
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
    idem: null,
    language,
    order: { id: order.id },
  });
}
