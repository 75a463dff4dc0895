import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import type { InvoiceDocument } from '@shared/invoice-schemas';
import { OUTLET_RULES, outletDocumentNumber, surnameOf } from '@shared/outlets';
import { roleAtLeast } from '@shared/roles';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { inHouseRooms } from '../bookings';
import { businessDateOf, lastClosedDateQuery, outletFolio } from '../folio';
import { checkView } from './check-views';
import { roomRefusal } from './checks';
import { outletCheckVoids, outletChecks, outletItems, outletStaff, outlets, type Outlet } from './tables';

/**
 * What an outlet's tablet reads (docs/decisions/090-outlets.md): the outlets a member of staff may
 * use, an outlet's screen (its menu, the rooms in house with the surname to compare and whether
 * they take a charge, the day's checks), and a paid check's tax invoice (JSON, or UBL 2.1).
 * Every read is along an index of the outlet, the day or the stays in house: never the history.
 */

/** Managers use every outlet; anyone else those they are on the staff of. */
const mayUseAll = (user: SessionUser) => roleAtLeast(user.role, 'manager');

/**
 * The outlets `user` may ring checks up at (open ones), for their home screen.
 *
 * @example const mine = await myOutlets(db, waiter); // [{ id, nameAr, nameEn, kind, opensAt, closesAt }]
 */
export async function myOutlets(db: Db, user: SessionUser) {
  const rows = mayUseAll(user)
    ? await db.select().from(outlets).where(eq(outlets.active, true)).orderBy(asc(outlets.id))
    : (
        await db
          .select({ outlet: outlets })
          .from(outletStaff)
          .innerJoin(outlets, eq(outlets.id, outletStaff.outletId))
          .where(and(eq(outletStaff.userId, user.id), eq(outlets.active, true)))
          .orderBy(asc(outlets.id))
      ).map((r) => r.outlet);
  return rows.map((o) => ({
    id: o.id,
    nameAr: o.nameAr,
    nameEn: o.nameEn,
    kind: o.kind,
    opensAt: o.opensAt,
    closesAt: o.closesAt,
  }));
}

/** The outlet, if `user` may use it (404 unknown, 403 not on its staff). */
export async function outletFor(db: Db, user: SessionUser, outletId: number): Promise<Outlet> {
  const [[outlet], staff] = await db.batch([
    db.select().from(outlets).where(eq(outlets.id, outletId)),
    db
      .select({ userId: outletStaff.userId })
      .from(outletStaff)
      .where(and(eq(outletStaff.outletId, outletId), eq(outletStaff.userId, user.id))),
  ]);
  if (!outlet) throw new ApiError(404, 'outlet_not_found');
  if (!mayUseAll(user) && staff.length === 0) throw new ApiError(403, 'outlet_not_yours');
  return outlet;
}

/**
 * An outlet's screen: the outlet, its menu (open items), the rooms in house (number, the surname
 * to compare, and why a room takes no charge: flagged, or no credit left), and its checks of the
 * open business date with their voids, newest first.
 *
 * @example const screen = await outletScreen(db, waiter, 3);
 */
export async function outletScreen(db: Db, user: SessionUser, outletId: number) {
  const outlet = await outletFor(db, user, outletId);
  const [[items, closed], rooms] = await Promise.all([
    db.batch([
      db
        .select()
        .from(outletItems)
        .where(and(eq(outletItems.outletId, outletId), eq(outletItems.active, true)))
        .orderBy(asc(outletItems.id))
        .limit(OUTLET_RULES.maxItems),
      lastClosedDateQuery(db),
    ]),
    inHouseRooms.query(db, hotelToday()),
  ]);
  const businessDate = businessDateOf(closed);
  const checks = await dayChecks(db, outlet, businessDate, rooms);
  return {
    outlet: {
      id: outlet.id,
      nameAr: outlet.nameAr,
      nameEn: outlet.nameEn,
      kind: outlet.kind,
      opensAt: outlet.opensAt,
      closesAt: outlet.closesAt,
      active: outlet.active,
      /** Whether guests order from it in the app (its tablet then shows their orders, decision 102). */
      appOrders: outlet.appOrders,
    },
    businessDate,
    items: items.map((i) => ({
      id: i.id,
      nameAr: i.nameAr,
      nameEn: i.nameEn,
      priceBaisa: i.priceBaisa,
      department: i.department,
    })),
    rooms: rooms.map((r) => {
      const refusal = roomRefusal(r, 1);
      return {
        roomNumber: r.roomNumber,
        surname: surnameOf(r.fullName),
        creditLeftBaisa: Math.max(0, OUTLET_RULES.roomCreditBaisa - r.balanceBaisa),
        refusal: refusal ? (refusal.code as 'room_guest_flagged' | 'room_credit_exceeded') : null,
      };
    }),
    checks,
    /** Whether the viewer may void a check (managers). */
    mayVoid: mayUseAll(user),
  };
}

/** An outlet's checks of a business date with their voids, newest first (along the date's index). */
async function dayChecks(
  db: Db,
  outlet: Outlet,
  businessDate: string,
  rooms: readonly { bookingId: number; roomNumber: string }[],
) {
  const rows = await db
    .select({ check: outletChecks, voided: outletCheckVoids })
    .from(outletChecks)
    .leftJoin(outletCheckVoids, eq(outletCheckVoids.checkId, outletChecks.id))
    .where(and(eq(outletChecks.businessDate, businessDate), eq(outletChecks.outletId, outlet.id)))
    .orderBy(desc(outletChecks.id))
    .limit(200);
  const roomOf = new Map(rooms.map((r) => [r.bookingId, r.roomNumber]));
  return rows.map((r) =>
    checkView(r.check, outlet, r.check.bookingId ? (roomOf.get(r.check.bookingId) ?? null) : null, r.voided),
  );
}

/**
 * A check paid at the outlet as its tax invoice (the same document the desk's are: JSON, or UBL
 * 2.1 for the e-invoicing service), or its credit note when voided (`credit: true`).
 *
 * @example const { doc, ubl } = await checkInvoice(db, waiter, 12);
 */
export async function checkInvoice(db: Db, user: SessionUser, checkId: number, credit = false) {
  const [found] = await db
    .select({ check: outletChecks, voided: outletCheckVoids })
    .from(outletChecks)
    .leftJoin(outletCheckVoids, eq(outletCheckVoids.checkId, outletChecks.id))
    .where(eq(outletChecks.id, checkId));
  if (!found) throw new ApiError(404, 'outlet_check_not_found');
  // The desk reads every outlet's documents (the staff's invoices list names them); a waiter only
  // those of the outlets they are on the staff of.
  if (!roleAtLeast(user.role, 'staff')) await outletFor(db, user, found.check.outletId);
  const { check, voided } = found;
  const source = credit ? voided?.creditNote : check.invoice;
  const year = credit ? voided?.creditNoteYear : check.invoiceYear;
  const sequence = credit ? voided?.creditNoteSequence : check.invoiceSequence;
  if (!source || !year || !sequence) throw new ApiError(404, 'not_found');
  const number = outletDocumentNumber(
    credit ? OUTLET_RULES.creditNoteSeries : OUTLET_RULES.invoiceSeries,
    year,
    sequence,
  );
  const invoiceNumber = outletDocumentNumber(
    OUTLET_RULES.invoiceSeries,
    check.invoiceYear!,
    check.invoiceSequence!,
  );
  const totalBaisa = source.lines.reduce((a, l) => a + l.amountBaisa, 0);
  const taxBaisa = source.taxTotals.reduce((a, t) => a + t.amountBaisa, 0);
  const netBaisa = source.lines.reduce((a, l) => a + l.netBaisa, 0);
  const doc: InvoiceDocument = {
    id: check.id,
    kind: credit ? 'credit_note' : 'invoice',
    number,
    issueDate: source.issueDate,
    issuedAt: (credit ? voided!.createdAt : check.createdAt).toISOString(),
    bookingId: 0,
    bookingReference: check.checkNumber,
    creditsInvoice: credit ? { id: check.id, number: invoiceNumber } : null,
    creditNote:
      !credit && voided?.creditNoteSequence
        ? {
            id: check.id,
            number: outletDocumentNumber(
              OUTLET_RULES.creditNoteSeries,
              voided.creditNoteYear!,
              voided.creditNoteSequence,
            ),
          }
        : null,
    creditNotes: [],
    creditedBaisa: 0,
    uncreditedBaisa: {},
    reason: credit ? voided!.reason : null,
    supplier: source.supplier,
    customer: {
      nameAr: '',
      nameEn: '',
      addressAr: '',
      addressEn: '',
      vatNumber: '',
      commercialRegistration: '',
    },
    lines: source.lines,
    taxTotals: source.taxTotals,
    netBaisa,
    taxBaisa,
    roundingBaisa: totalBaisa - netBaisa - taxBaisa,
    totalBaisa,
    settlement: null,
  };
  return { doc, ubl: () => outletFolio.invoiceUbl(doc) };
}

/** The outlets' ids of `ids` that exist (for the day's report names). */
export async function outletNames(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: outlets.id, nameAr: outlets.nameAr, nameEn: outlets.nameEn })
    .from(outlets)
    .where(inArray(outlets.id, ids));
}
