import type { journalFolio } from '../folio';
import type { JournalOutletSale } from '../outlets';

/** What the folio gives of a closed date (its door's `journalFolio.sources`). */
type FolioSources = Awaited<ReturnType<typeof journalFolio.sources>>;
type JournalFolioLine = FolioSources['lines'][number];

/**
 * A closed business date's journal by category (docs/decisions/100-the-accountants-journal.md),
 * from what the day's documents say, on plain values: each posting balances by itself, so the day
 * does. Signed amounts: a debit is positive, a credit negative.
 *
 * - A charge or a correction: the guest ledger takes its amount, its revenue category its net
 *   (`room:<room type>`, or `extra:<department>`), each tax its own (`tax:<code>`).
 * - A payment debits its method (`payment:<method>`) against the guest ledger; a refund the other
 *   way; a transfer debits the city ledger (the company, its partner) or, for an OTA's account,
 *   `payment:ota_collect`; a refund back to a company's account credits it.
 * - A document's rounding: its net, taxes and payable rounding (`rounding`), summing to 0.
 * - A company's payment: its method against the city ledger (or the OTA's).
 * - A check paid at an outlet: its method against `outlet:<id>` and its taxes; its void back.
 * - Deposits: a folio's credit (paid before its charges) is owed to the guest, not owed by them:
 *   what each folio the day touched held in credit after the day, less what it held before,
 *   moves between the guest ledger and `deposits`. So a deposit taken before arrival sits in
 *   deposits until the stay's nights are posted against it.
 * - Commissions: a travel agent's booking owes the agent its percentage of the day's net room
 *   revenue (`commission_expense` against `commissions`, the agent the partner).
 */

/** Where a line comes from, for its label in the request's language (journal.ts `detailLabel`). */
export type KeptSource =
  | {
      kind: 'folio';
      lineId: number;
      ref: string;
      what: JournalFolioLine['kind'];
      text: string;
      department?: string;
      method?: string;
      partner?: string;
      night?: string;
    }
  | { kind: 'rounding'; ref: string }
  | { kind: 'company_payment'; partner: string; method: string; reference: string }
  | { kind: 'outlet'; outletAr: string; outletEn: string; check: string; sign: 1 | -1 }
  | { kind: 'deposit'; ref: string; held: boolean }
  | { kind: 'commission'; ref: string; partner: string };

export type KeptLine = {
  category: string;
  /** Baisa: a debit positive, a credit negative. */
  amountBaisa: number;
  partner?: string;
  taxCode?: string;
  document?: string;
  source: KeptSource;
};

/** A closed date's journal by category, as kept (accounting_journals.journal). */
export type KeptJournal = {
  version: 1;
  date: string;
  lines: KeptLine[];
  /** What the day's postings left unbalanced (always 0: each posting balances); booked to `rounding`. */
  remainderBaisa: number;
};

/** A booking as the journal names it. */
export type JournalBooking = { reference: string; roomType: string; travelAgentId: number | null };
/** A city-ledger account as the journal names it. */
export type JournalAccount = { name: string; kind: string; commissionHundredths: number | null };

export type DayJournalInput = {
  date: string;
  lines: FolioSources['lines'];
  roundings: FolioSources['roundings'];
  companyPayments: FolioSources['companyPayments'];
  openings: FolioSources['openings'];
  outletSales: JournalOutletSale[];
  bookings: ReadonlyMap<number, JournalBooking>;
  accounts: ReadonlyMap<number, JournalAccount>;
};

/** A line's effect on its folio's balance (the folio's FOLIO_BALANCE_SIGN). */
const balanceEffect = (l: JournalFolioLine) =>
  l.kind === 'payment' || l.kind === 'transfer' ? -l.amountBaisa : l.amountBaisa;

/** Half a baisa away from zero, as a whole number of baisa. */
const roundBaisa = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** What every part of the day's journal reads: the bookings and accounts named, and where lines go. */
type Context = {
  input: DayJournalInput;
  push: (line: KeptLine) => void;
  bookingOf: (id: number) => JournalBooking;
  accountOf: (id: number | null) => JournalAccount;
  revenueOf: (department: string, bookingId: number) => string;
};

/** The city ledger's side of a company account: an OTA's is what it collected for the hotel. */
const ledgerOf = (account: JournalAccount) =>
  account.kind === 'ota' ? 'payment:ota_collect' : 'city_ledger';

/**
 * The day's folio lines; answers each folio's balance moved by the day (by stay or group) and each
 * booking's net room revenue.
 */
function folioLines({ input, push, bookingOf, accountOf, revenueOf }: Context) {
  const deltas = new Map<string, { delta: number; ref: string }>();
  const roomNet = new Map<number, number>();
  for (const l of input.lines) {
    const ref = bookingOf(l.bookingId).reference;
    const key = l.groupId === null ? `b${l.bookingId}` : `g${l.groupId}`;
    const entry = deltas.get(key) ?? { delta: 0, ref: l.groupId === null ? ref : `G${l.groupId}` };
    entry.delta += balanceEffect(l);
    deltas.set(key, entry);
    const source = {
      kind: 'folio' as const,
      lineId: l.id,
      ref,
      what: l.kind,
      text: l.description,
      ...(l.department ? { department: l.department } : {}),
      ...(l.night ? { night: l.night } : {}),
      ...(l.method ? { method: l.method } : {}),
    };
    const document = l.document ? { document: l.document } : {};
    if (l.kind === 'charge' || l.kind === 'correction') {
      push({ category: 'guest_ledger', amountBaisa: l.amountBaisa, ...document, source });
      push({
        category: revenueOf(l.department!, l.bookingId),
        amountBaisa: -(l.netBaisa ?? 0),
        ...document,
        source,
      });
      for (const t of l.taxes) {
        push({
          category: `tax:${t.code}`,
          amountBaisa: -t.amountBaisa,
          taxCode: t.code,
          ...document,
          source,
        });
      }
      if (l.department === 'room')
        roomNet.set(l.bookingId, (roomNet.get(l.bookingId) ?? 0) + (l.netBaisa ?? 0));
    } else if (l.kind === 'payment') {
      push({ category: `payment:${l.method}`, amountBaisa: l.amountBaisa, source });
      push({ category: 'guest_ledger', amountBaisa: -l.amountBaisa, source });
    } else if (l.kind === 'refund') {
      push({ category: 'guest_ledger', amountBaisa: l.amountBaisa, source });
      if (l.method === 'city_ledger') {
        const account = accountOf(l.refundAccountId);
        const to = { ...source, partner: account.name };
        push({ category: ledgerOf(account), amountBaisa: -l.amountBaisa, partner: account.name, source: to });
      } else {
        push({ category: `payment:${l.method}`, amountBaisa: -l.amountBaisa, source });
      }
    } else {
      const account = accountOf(l.cityLedgerAccountId);
      const to = { ...source, partner: account.name };
      push({ category: ledgerOf(account), amountBaisa: l.amountBaisa, partner: account.name, source: to });
      push({ category: 'guest_ledger', amountBaisa: -l.amountBaisa, source: to });
    }
  }
  return { deltas, roomNet };
}

/** The documents' roundings, the companies' payments and the checks paid at the outlets. */
function documentLines({ input, push, bookingOf, accountOf, revenueOf }: Context) {
  for (const r of input.roundings) {
    const source = { kind: 'rounding' as const, ref: bookingOf(r.bookingId).reference };
    const document = { document: r.document };
    push({ category: revenueOf(r.department, r.bookingId), amountBaisa: -r.netBaisa, ...document, source });
    for (const t of r.taxes) {
      push({ category: `tax:${t.code}`, amountBaisa: -t.amountBaisa, taxCode: t.code, ...document, source });
    }
    push({ category: 'rounding', amountBaisa: -r.roundingBaisa, ...document, source });
  }
  for (const p of input.companyPayments) {
    const account = accountOf(p.accountId);
    const source = {
      kind: 'company_payment' as const,
      partner: account.name,
      method: p.method,
      reference: p.reference,
    };
    push({ category: `payment:${p.method}`, amountBaisa: p.amountBaisa, source });
    push({ category: ledgerOf(account), amountBaisa: -p.amountBaisa, partner: account.name, source });
  }
  for (const s of input.outletSales) {
    const source = {
      kind: 'outlet' as const,
      outletAr: s.outletNameAr,
      outletEn: s.outletNameEn,
      check: s.checkNumber,
      sign: s.sign,
    };
    const document = { document: s.document };
    const taxes = s.taxes.reduce((sum, t) => sum + t.amountBaisa, 0);
    push({ category: `payment:${s.method}`, amountBaisa: s.sign * s.totalBaisa, ...document, source });
    push({
      category: `outlet:${s.outletId}`,
      amountBaisa: -s.sign * (s.totalBaisa - taxes),
      ...document,
      source,
    });
    for (const t of s.taxes) {
      push({
        category: `tax:${t.code}`,
        amountBaisa: -s.sign * t.amountBaisa,
        taxCode: t.code,
        ...document,
        source,
      });
    }
  }
}

/**
 * The journal of `input.date` by category.
 *
 * @example
 * const kept = buildDayJournal({ date, ...await journalFolio.sources(db, date), outletSales, bookings, accounts });
 */
export function buildDayJournal(input: DayJournalInput): KeptJournal {
  const lines: KeptLine[] = [];
  const push = (line: KeptLine) => {
    if (line.amountBaisa !== 0) lines.push(line);
  };
  const bookingOf = (id: number): JournalBooking =>
    input.bookings.get(id) ?? { reference: String(id), roomType: '', travelAgentId: null };
  const context: Context = {
    input,
    push,
    bookingOf,
    accountOf: (id) =>
      (id !== null && input.accounts.get(id)) || {
        name: String(id),
        kind: 'company',
        commissionHundredths: null,
      },
    revenueOf: (department, bookingId) => {
      if (department !== 'room') return `extra:${department}`;
      const type = bookingOf(bookingId).roomType;
      return type ? `room:${type}` : 'room';
    },
  };
  const { deltas, roomNet } = folioLines(context);
  documentLines(context);

  // Money held for charges not posted yet: each folio's credit after the day, less before it.
  const openings = new Map(
    input.openings.map((o) => [o.groupId === null ? `b${o.bookingId}` : `g${o.groupId}`, o.balanceBaisa]),
  );
  const held = (balance: number) => Math.max(0, -balance);
  for (const [key, { delta, ref }] of deltas) {
    const before = openings.get(key) ?? 0;
    const moved = held(before + delta) - held(before);
    const source = { kind: 'deposit' as const, ref, held: moved > 0 };
    push({ category: 'guest_ledger', amountBaisa: moved, source });
    push({ category: 'deposits', amountBaisa: -moved, source });
  }

  // A travel agent's share of its bookings' room revenue of the day, at its commission now.
  for (const [bookingId, net] of roomNet) {
    const booking = bookingOf(bookingId);
    const agent = booking.travelAgentId === null ? undefined : input.accounts.get(booking.travelAgentId);
    if (!agent?.commissionHundredths) continue;
    const commission = roundBaisa((net * agent.commissionHundredths) / 10_000);
    const source = { kind: 'commission' as const, ref: booking.reference, partner: agent.name };
    push({ category: 'commission_expense', amountBaisa: commission, source });
    push({ category: 'commissions', amountBaisa: -commission, partner: agent.name, source });
  }

  const remainder = lines.reduce((sum, l) => sum + l.amountBaisa, 0);
  push({ category: 'rounding', amountBaisa: -remainder, source: { kind: 'rounding', ref: '' } });
  return { version: 1, date: input.date, lines, remainderBaisa: remainder };
}
