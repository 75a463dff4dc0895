import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import type { Db } from '../platform/env';
import { installCancellationHooks } from '../platform/booking-hooks';
import { installChannels } from '../platform/notify';
import { bookingHolds, installBlockNights, installPointsLedger } from '../modules/bookings';
import { closeDueDays } from '../modules/day-close';
import { groupHolds } from '../modules/groups';
import { installHolds } from '../modules/inventory';
import { pointsLedgerPort } from '../modules/loyalty';
import { paymentCancellationHook, refundChannel } from '../modules/payments';
import {
  deskPostings,
  issueCreditNote,
  issueInvoice,
  paymentFolio,
  transferLineStatement,
} from '../modules/folio';
import { chargeMinibar, minibarMenuQuery } from '../modules/outlets';
import { closedMonthDue, monthBefore, reference } from './closed-month-due';

/**
 * `npm start`'s closed month (scripts/seed-local.ts --demo-day runs closed-month-worker.ts; never
 * the tests' or the journeys' database): the month before today as a hotel lives it, day by day, through the product's own
 * routines: stays whose room nights the day close posts, breakfasts and a minibar check, payments
 * in cash, by card and online, a deposit paid before arrival, a company's stay moved to its account
 * at check-out and credited later by a credit note, the company's payment, a travel agent's stay,
 * an arrival that never came and its no-show charge; each day closed by the night audit's own
 * routine (`closeDueDays`), which keeps its journal (modules/accounting). So the day closes, the
 * reports, the tax report and the accountant's journal have a real month to show.
 *
 * The product's routines date what they post by the clock (the open business date is today), so
 * the month is lived with the clock moved to each of its days (`clock`): the seed's own worker's
 * Date shifted in `npm start` (closed-month-worker.ts), vitest's system time in the test.
 *
 * Once: only while no day after the month before it is closed (a fresh database, or the month
 * before seeded the same way and nothing closed since) and the month's first stay is not there.
 */

/** Moves the time the product's routines read (`new Date()`, `Date.now()`). */
export type SeedClock = { set: (instant: Date) => void; restore: () => void };

/**
 * The seed's own worker (closed-month-worker.ts, one request in a runtime of its own, never the
 * app's): the ports the worker's entry installs (a no-show's status move gives its nights back and
 * asks the points ledger and the payments' cancellation hook), but the notices' channels: a
 * month-old no-show tells nobody (and the messaging module's push reaches the conversations'
 * Durable Object, not bundled here); and the clock: the global Date shifted to the instant set,
 * then running on (so durations stay real), restored after.
 */
export function workerSeeding(): SeedClock {
  installChannels([refundChannel]);
  installCancellationHooks([paymentCancellationHook]);
  installPointsLedger(pointsLedgerPort);
  installHolds({ stayHoldsSql: bookingHolds.stayHoldsSql, blockHoldsSql: groupHolds.blockHoldsSql });
  installBlockNights(groupHolds);
  return shiftedClock();
}

function shiftedClock(): SeedClock {
  const Real = globalThis.Date;
  let offset = 0;
  class Shifted extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(Real.now() + offset);
      else super(...(args as [number]));
    }
    static override now() {
      return Real.now() + offset;
    }
  }
  return {
    set: (instant) => {
      offset = instant.getTime() - Real.now();
      globalThis.Date = Shifted as DateConstructor;
    },
    restore: () => {
      globalThis.Date = Real;
    },
  };
}

type Stay = {
  guest: string;
  room: string;
  type: string;
  /** Day of the month of arrival and departure (1-based). */
  from: number;
  to: number;
  price: number;
  /** How the balance is settled at check-out. */
  settle: 'card' | 'cash' | 'company';
  company?: 'company' | 'agent';
  /** Paid online before arrival: on this day, this much. */
  deposit?: { day: number; baisa: number };
  noShow?: boolean;
  /** Breakfast for two on each morning of the stay but the first. */
  breakfast?: boolean;
  minibar?: number;
  laundry?: number;
};

/** The month's stays (every date within the month's first 27 days, so February holds them). */
const STAYS: Stay[] = [
  {
    guest: 'Salim Al Harthy',
    room: '301',
    type: 'gold',
    from: 2,
    to: 5,
    price: 38_000,
    settle: 'card',
    breakfast: true,
  },
  {
    guest: 'Fatma Al Balushi',
    room: '302',
    type: 'gold',
    from: 3,
    to: 7,
    price: 38_000,
    settle: 'cash',
    deposit: { day: 1, baisa: 38_000 },
    minibar: 4,
  },
  {
    guest: 'Ahmed Al Rawahi',
    room: '303',
    type: 'gold',
    from: 6,
    to: 9,
    price: 32_300,
    settle: 'company',
    company: 'company',
    breakfast: true,
  },
  {
    guest: 'Maria Schmidt',
    room: '601',
    type: 'deluxe',
    from: 8,
    to: 11,
    price: 65_000,
    settle: 'card',
    company: 'agent',
  },
  {
    guest: 'Khalid Al Amri',
    room: '503',
    type: 'diamond',
    from: 12,
    to: 14,
    price: 90_000,
    settle: 'card',
    deposit: { day: 10, baisa: 90_000 },
    noShow: true,
  },
  {
    guest: 'Layla Al Said',
    room: '304',
    type: 'gold',
    from: 14,
    to: 18,
    price: 38_000,
    settle: 'card',
    deposit: { day: 13, baisa: 152_000 },
    breakfast: true,
    laundry: 16,
  },
  { guest: 'Yousef Al Hinai', room: '602', type: 'deluxe', from: 20, to: 22, price: 65_000, settle: 'cash' },
  {
    guest: 'Noor Al Habsi',
    room: '305',
    type: 'gold',
    from: 23,
    to: 26,
    price: 38_000,
    settle: 'card',
    breakfast: true,
  },
  {
    guest: 'Omar Al Maskari',
    room: '306',
    type: 'gold',
    from: 24,
    to: 27,
    price: 38_000,
    settle: 'cash',
    minibar: 25,
  },
];

/** The company's credit note (a night it disputed) and its payment of what is left. */
const CREDIT_NOTE_DAY = 12;
const COMPANY_PAYMENT_DAY = 20;
const BREAKFAST_FOR_TWO = 9_000;

type Seeded = { id: number; stay: Stay; reference: string };

/**
 * Seeds the month before `today` as closed days (see the file's comment), if it is due. Answers the
 * days closed (none when it did nothing).
 *
 * @example await seedClosedMonth(drizzle(env.DB), workerSeeding());
 */
export async function seedClosedMonth(db: Db, clock: SeedClock, today = hotelToday()): Promise<string[]> {
  const { first, last, month } = monthBefore(today);
  if (!(await closedMonthDue(db, today))) return [];
  const actor = await db.get<SessionUser>(
    sql`select id, full_name as fullName, email, role from users where role = 'admin' and is_disabled = 0 order by id limit 1`,
  );
  const company = await db.get<{ id: number }>(
    sql`select id from city_ledger_accounts where kind = 'company' order by id limit 1`,
  );
  const agent = await db.get<{ id: number }>(
    sql`select id from city_ledger_accounts where kind = 'travel_agent' order by id limit 1`,
  );
  if (!actor || !company || !agent) return [];
  const day = (n: number) => addDays(first, n - 1);
  const at = (n: number, time: string) => clock.set(hotelInstant(day(n), time));
  try {
    at(1, '00:05');
    const stays = await bookStays(db, month, day, { company: company.id, agent: agent.id });
    const closedDays: string[] = [];
    const invoices = new Map<number, { id: number; lines: { folioLineId: number; night?: string }[] }>();
    for (let n = 1; day(n) <= last; n++) {
      await liveDay(db, actor, n, { stays, day, at, invoices, companyId: company.id });
      // The night audit at 03:00 the next morning closes the day (and keeps its journal).
      clock.set(hotelInstant(addDays(day(n), 1), '03:00'));
      closedDays.push(...(await closeDueDays(db, new Date())).closed);
    }
    return closedDays;
  } finally {
    clock.restore();
  }
}

/** The month's bookings, as the desk keeps them (their rows and rooms' nights). */
async function bookStays(
  db: Db,
  month: string,
  day: (n: number) => string,
  ids: { company: number; agent: number },
) {
  const stays: Seeded[] = [];
  for (const [index, stay] of STAYS.entries()) {
    const checkIn = day(stay.from);
    const checkOut = day(stay.to);
    const nights = stay.to - stay.from;
    const prices = new Array<number>(nights).fill(stay.price);
    const ref = reference(month, index);
    const booking = await db.get<{ id: number }>(
      sql`insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
            room_type, status, room_id, total_price, night_prices, company_id, travel_agent_id, source, segment)
          select ${ref}, ${stay.guest}, '99000100', 'A1234567', ${checkIn}, ${checkOut}, ${stay.type}, 'confirmed', id,
            ${prices.reduce((a, b) => a + b, 0)}, ${JSON.stringify(prices)},
            ${stay.company === 'company' ? ids.company : null}, ${stay.company === 'agent' ? ids.agent : null},
            ${stay.company === 'agent' ? 'email' : 'phone'}, ${stay.company === 'company' ? 'corporate' : 'leisure'}
          from hotel_rooms where number = ${stay.room} and retired_at is null returning id`,
    );
    if (!booking) continue;
    for (let night = checkIn; night < checkOut; night = addDays(night, 1)) {
      await db.run(sql`insert into room_nights (room_id, night, room_type, booking_id)
        select id, ${night}, room_type, ${booking.id} from hotel_rooms where number = ${stay.room} and retired_at is null`);
    }
    stays.push({ id: booking.id, stay, reference: ref });
  }
  return stays;
}

type DayContext = {
  stays: Seeded[];
  day: (n: number) => string;
  at: (n: number, time: string) => void;
  invoices: Map<number, { id: number; lines: { folioLineId: number; night?: string }[] }>;
  companyId: number;
};

const options = { idem: null, message: '' };

/** What happens on day `n`: check-outs in the morning, deposits, arrivals, the day's charges. */
async function liveDay(db: Db, actor: SessionUser, n: number, ctx: DayContext) {
  const { stays, day, at } = ctx;
  for (const s of stays.filter((x) => x.stay.to === n && !x.stay.noShow)) {
    at(n, '10:30');
    await checkOut(db, actor, s, day(n), ctx);
  }
  for (const s of stays.filter((x) => x.stay.deposit?.day === n)) {
    at(n, '09:15');
    // Paid online from the booking's page (the payments module posts it through the same builder).
    await db.batch([
      paymentFolio.paymentLineStatement(
        db,
        {
          bookingId: s.id,
          amountBaisa: s.stay.deposit!.baisa,
          businessDate: day(n),
          providerReference: `demo_${s.reference}`,
          createdAt: new Date(),
        },
        sql`1`,
      ),
    ]);
  }
  for (const s of stays.filter((x) => x.stay.from === n && !x.stay.noShow)) {
    at(n, '14:20');
    await db.run(
      sql`update booking_submissions set checked_in_at = ${Date.now()} where id = ${s.id} and checked_in_at is null`,
    );
  }
  for (const s of stays.filter((x) => n > x.stay.from && n < x.stay.to && !x.stay.noShow)) {
    at(n, '08:40');
    if (s.stay.breakfast) {
      await deskPostings.postCharge(
        db,
        actor,
        s.id,
        {
          department: 'breakfast',
          description: 'Breakfast for two · فطور لشخصين',
          quantity: 2,
          amountBaisa: BREAKFAST_FOR_TWO,
        },
        options,
      );
    }
    if (s.stay.minibar === n) {
      at(n, '11:00');
      const menu = await minibarMenuQuery(db);
      if (menu.length >= 2) {
        await chargeMinibar(
          db,
          actor,
          {
            bookingId: s.id,
            items: [
              { itemId: menu[0]!.id, quantity: 2 },
              { itemId: menu[1]!.id, quantity: 1 },
            ],
          },
          { idem: null, language: 'en' },
        );
      }
    }
    if (s.stay.laundry === n) {
      await deskPostings.postCharge(
        db,
        actor,
        s.id,
        { department: 'laundry', description: 'Laundry · غسيل الملابس', quantity: 1, amountBaisa: 5_500 },
        options,
      );
    }
  }
  if (n === CREDIT_NOTE_DAY + 1) await noShowCharge(db, actor, n, ctx);
  if (n === CREDIT_NOTE_DAY) await companyCreditNote(db, actor, n, ctx);
  if (n === COMPANY_PAYMENT_DAY) await companyPays(db, actor, n, ctx);
}

/** The balance of a stay's folio now. */
const balanceOf = async (db: Db, id: number) =>
  (
    await db.get<{ b: number }>(
      sql`select folio_balance_baisa as b from booking_submissions where id = ${id}`,
    )
  )?.b ?? 0;

/** The morning of departure: the balance paid (or moved to the company's account), the invoice, out. */
async function checkOut(db: Db, actor: SessionUser, s: Seeded, date: string, ctx: DayContext) {
  const balance = await balanceOf(db, s.id);
  if (s.stay.settle === 'company') {
    await db.batch([
      transferLineStatement(
        db,
        {
          bookingId: s.id,
          amountBaisa: balance,
          cityLedgerAccountId: ctx.companyId,
          businessDate: date,
          createdAt: new Date(),
          createdBy: actor.id,
        },
        sql`1`,
      ),
    ] as [BatchItem<'sqlite'>]);
  } else if (balance > 0) {
    const method = s.stay.settle;
    await deskPostings.postPayment(
      db,
      actor,
      s.id,
      { method, amountBaisa: balance, ...(method === 'card' ? { approvalCode: 'A7731' } : {}) },
      options,
    );
  }
  const invoice = await issueInvoice(db, actor, s.id, {}, new Date());
  ctx.invoices.set(s.id, { id: invoice.id, lines: invoice.lines });
  await db.run(
    sql`update booking_submissions set status = 'completed', checked_out_at = ${Date.now()} where id = ${s.id}`,
  );
}

/** The day after the arrival that never came (the close made it a no-show): its deposit kept as the charge. */
async function noShowCharge(db: Db, actor: SessionUser, n: number, ctx: DayContext) {
  const s = ctx.stays.find((x) => x.stay.noShow);
  if (!s) return;
  ctx.at(n, '09:30');
  await deskPostings.postCharge(
    db,
    actor,
    s.id,
    {
      department: 'other',
      description: 'No-show charge · رسوم عدم الحضور',
      amountBaisa: s.stay.deposit!.baisa,
    },
    options,
  );
  await issueInvoice(db, actor, s.id, {}, new Date());
}

/** The company disputes a night of its guest's stay: a credit note of it, after that day closed. */
async function companyCreditNote(db: Db, actor: SessionUser, n: number, ctx: DayContext) {
  const s = ctx.stays.find((x) => x.stay.settle === 'company');
  const invoice = s && ctx.invoices.get(s.id);
  const night = invoice?.lines.find((l) => l.night);
  if (!invoice || !night) return;
  ctx.at(n, '12:10');
  await issueCreditNote(
    db,
    actor,
    invoice.id,
    {
      reason: 'Room not made up on the second day · لم تُرتب الغرفة في اليوم الثاني',
      lineIds: [night.folioLineId],
    },
    new Date(),
  );
}

/** The company pays what its account owes by bank transfer. */
async function companyPays(db: Db, actor: SessionUser, n: number, ctx: DayContext) {
  const account = await db.get<{ b: number }>(
    sql`select balance_baisa as b from city_ledger_accounts where id = ${ctx.companyId}`,
  );
  if (!account || account.b <= 0) return;
  ctx.at(n, '13:00');
  await deskPostings.recordCityLedgerPayment(
    db,
    actor,
    ctx.companyId,
    { method: 'bank_transfer', amountBaisa: account.b, reference: `TRF-${ctx.day(n).replaceAll('-', '')}` },
    new Date(),
  );
}
