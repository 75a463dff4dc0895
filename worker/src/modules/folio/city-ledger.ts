import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '@shared/auth-schemas';
import { CITY_LEDGER_RULES, type CityLedgerEntry } from '@shared/day-close';
import { hotelToday } from '@shared/dates';
import { openBusinessDate, type FolioPaymentMethod } from '@shared/folio';
import { ApiError } from '../../platform/api-error';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { folioStays } from '../bookings';
import { findCityLedgerAccount } from '../companies';
import { cityLedgerPayments, dayCloses, folioLines } from './tables';

/**
 * The city ledger (docs/decisions/069-day-close.md): company accounts (modules/companies) owe what
 * their guests' folios were moved to at check-out. Managers record a company's payments;
 * the balance is kept by migration 0059's triggers in the same statement as each transfer or
 * payment, so this module never writes it.
 */

/** The business date a company's payment is dated: today, or the day after the last closed one. */
async function openDate(db: Db, now: Date) {
  const last = await db
    .select({ date: sql<string | null>`max(${dayCloses.date})` })
    .from(dayCloses)
    .get();
  return openBusinessDate(hotelToday(now), last?.date ?? null);
}

/**
 * A company's payment of its account: one batch with its audit line; the trigger takes it off
 * the balance. A payment dated a day closed meanwhile is refused (409 `day_closed`).
 */
export async function recordCityLedgerPayment(
  db: Db,
  user: SessionUser,
  id: number,
  input: { method: FolioPaymentMethod; amountBaisa: number; reference: string },
  now = new Date(),
) {
  await findCityLedgerAccount(db, id);
  const businessDate = await openDate(db, now);
  const [rows] = await db
    .batch([
      db
        .insert(cityLedgerPayments)
        .values({ accountId: id, ...input, businessDate, createdBy: user.id })
        .returning(),
      db.insert(auditLog).values(
        auditEntry(user, 'city_ledger.payment', 'city_ledger_account', id, null, {
          ...input,
          businessDate,
        }),
      ),
    ])
    .catch((err: unknown) => {
      if (String(err).includes('day_closed')) throw new ApiError(409, 'day_closed');
      throw err;
    });
  return { payment: rows[0]!, account: await findCityLedgerAccount(db, id) };
}

/** A line's booking's reference (every folio line has its booking: NOT NULL, a foreign key). */
const lineBookingReference = sql<string>`${folioStays.bookingReferenceSql(folioLines.bookingId)}`;

type Cursor = { transferBefore: number; paymentBefore: number; balance: number };
const NO_BOUND = Number.MAX_SAFE_INTEGER;

function readCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  const [t, p, b] = text.split('.').map(Number) as [number, number, number];
  return { transferBefore: t, paymentBefore: p, balance: b };
}

/**
 * An account's statement: its transfers and payments, newest first, a page at a time, each with
 * the balance just after it. Each list is read along its (account, id) index, a page's worth of
 * each at most; the cursor carries where each stopped and the balance there, so a page reads the
 * same rows however long the account's history.
 */
export async function cityLedgerStatement(db: Db, id: number, before?: string) {
  const size = CITY_LEDGER_RULES.pageSize;
  const row = await findCityLedgerAccount(db, id);
  const cursor = readCursor(before) ?? {
    transferBefore: NO_BOUND,
    paymentBefore: NO_BOUND,
    balance: row.balanceBaisa,
  };
  const moved = alias(folioLines, 'moved');
  const [transfers, credits, payments] = await db.batch([
    db
      .select({
        id: folioLines.id,
        businessDate: folioLines.businessDate,
        amountBaisa: folioLines.amountBaisa,
        createdAt: folioLines.createdAt,
        reference: lineBookingReference,
        guestName: folioStays.bookingGuestNameSql(folioLines.bookingId),
      })
      .from(folioLines)
      .where(and(eq(folioLines.cityLedgerAccountId, id), lt(folioLines.id, cursor.transferBefore)))
      .orderBy(desc(folioLines.id))
      .limit(size + 1),
    // A folio's credit moved back to the account (a credit note's): a refund of one of
    // its transfers, found through the account's transfers (their index) and the refunds' index.
    db
      .select({
        id: folioLines.id,
        businessDate: folioLines.businessDate,
        amountBaisa: folioLines.amountBaisa,
        createdAt: folioLines.createdAt,
        reference: lineBookingReference,
        guestName: folioStays.bookingGuestNameSql(folioLines.bookingId),
      })
      .from(moved)
      .innerJoin(folioLines, eq(folioLines.refundsLineId, moved.id))
      .where(
        and(
          eq(moved.cityLedgerAccountId, id),
          eq(moved.kind, 'transfer'),
          eq(folioLines.method, 'city_ledger'),
          lt(folioLines.id, cursor.transferBefore),
        ),
      )
      .orderBy(desc(folioLines.id))
      .limit(size + 1),
    db
      .select({
        id: cityLedgerPayments.id,
        businessDate: cityLedgerPayments.businessDate,
        amountBaisa: cityLedgerPayments.amountBaisa,
        createdAt: cityLedgerPayments.createdAt,
        reference: cityLedgerPayments.reference,
        method: cityLedgerPayments.method,
      })
      .from(cityLedgerPayments)
      .where(and(eq(cityLedgerPayments.accountId, id), lt(cityLedgerPayments.id, cursor.paymentBefore)))
      .orderBy(desc(cityLedgerPayments.id))
      .limit(size + 1),
  ]);
  const merged = [
    ...transfers.map((t) => ({ ...t, kind: 'transfer' as const, method: null })),
    ...credits.map((t) => ({ ...t, kind: 'credit' as const, method: null })),
    ...payments.map((p) => ({ ...p, kind: 'payment' as const, guestName: null })),
  ]
    .sort(
      (a, b) =>
        +b.createdAt - +a.createdAt ||
        (a.kind === b.kind || (a.kind !== 'payment' && b.kind !== 'payment')
          ? b.id - a.id
          : a.kind === 'payment'
            ? -1
            : 1),
    )
    .slice(0, size);
  let balance = cursor.balance;
  let { transferBefore, paymentBefore } = cursor;
  const entries: CityLedgerEntry[] = merged.map((e) => {
    const entry: CityLedgerEntry = {
      kind: e.kind,
      id: e.id,
      businessDate: e.businessDate,
      amountBaisa: e.amountBaisa,
      reference: e.reference,
      guestName: e.guestName,
      method: e.method,
      balanceBaisa: balance,
    };
    // Before a transfer the company owed less; before a payment or a credit moved back, more.
    balance += e.kind === 'transfer' ? -e.amountBaisa : e.amountBaisa;
    if (e.kind === 'payment') paymentBefore = e.id;
    else transferBefore = Math.min(transferBefore, e.id);
    return entry;
  });
  const more = transfers.length + credits.length + payments.length > entries.length;
  return {
    account: row,
    entries,
    next: more ? `${transferBefore}.${paymentBefore}.${balance}` : null,
  };
}
