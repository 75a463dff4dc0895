import { z } from './zod';
import { calendarDate } from './date-schemas';
import { addDays } from './dates';

/**
 * The books on hand and the reports read from them (on the books ahead, pickup, pace): the
 * requests' schemas and the answers' shapes. Amounts are integer baisa, net of the taxes.
 */

/** Nights each day close stores ahead of the closed date (the night after it is the first). */
export const BOOKS_ON_HAND_NIGHTS = 365;
/** Nights one report shows at most (the reports' limit: the sentence of `report_too_long` names it). */
export const REPORT_MAX_NIGHTS = 366;

export const ON_THE_BOOKS_KEYS = ['roomType', 'segment', 'source', 'company'] as const;
export type OnTheBooksKey = (typeof ON_THE_BOOKS_KEYS)[number];

const format = z.enum(['json', 'csv'], { error: 'invalid_format' }).default('json');

/** The nights `from`..`to` (both included), at most REPORT_MAX_NIGHTS. */
const nightsWindow = {
  from: calendarDate(),
  to: calendarDate(),
};

function windowRules(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
  else if (addDays(q.from, REPORT_MAX_NIGHTS - 1) < q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'report_too_long' });
}

/** GET /api/admin/reports/on-the-books: `asOf` absent, or today and later: the books as they are now. */
export const onTheBooksQuerySchema = z
  .object({
    ...nightsWindow,
    by: z.enum(ON_THE_BOOKS_KEYS, { error: 'report_key_invalid' }).default('roomType'),
    asOf: calendarDate().optional(),
    format,
  })
  .superRefine(windowRules);

/** GET /api/admin/reports/pickup: `asOf` today or later reads the books now; `compareTo` a stored close before it. */
export const pickupQuerySchema = z
  .object({
    ...nightsWindow,
    asOf: calendarDate(),
    compareTo: calendarDate(),
    format,
  })
  .superRefine((q, ctx) => {
    windowRules(q, ctx);
    if (q.compareTo >= q.asOf)
      ctx.addIssue({ code: 'custom', path: ['compareTo'], message: 'report_compare_not_before' });
  });

/** GET /api/admin/reports/pace: the books of `asOf` (default now) against the same date a year before. */
export const paceQuerySchema = z
  .object({ ...nightsWindow, asOf: calendarDate().optional(), format })
  .superRefine(windowRules);

/**
 * One night and key of the books: definite rooms and revenue (the occupancy is theirs), and apart
 * what is not sure yet, each under its own name: requests awaiting the hotel's answer (pending)
 * and tentative group blocks' rooms not picked up.
 */
export type OnTheBooksRow = {
  date: string;
  /** The room type's code, the segment, the source, or the company's id ('' for none). */
  key: string;
  /** The company's name for `by=company` (else the key). */
  label: string;
  rooms: number;
  revenueBaisa: number;
  /** rooms / the hotel's rooms for sale that night (its share of the night's occupancy); null when none are for sale. */
  occupancy: number | null;
  /** Rooms held by tentative group blocks and not picked up (a hold has no revenue: 0). */
  tentativeRooms: number;
  tentativeRevenueBaisa: number;
  /** Rooms of requests the hotel has not answered yet (website, app, assistant), and their net revenue. */
  pendingRooms: number;
  pendingRevenueBaisa: number;
};
export type OnTheBooksReport = {
  asOf: string | null;
  live: boolean;
  by: OnTheBooksKey;
  /** Every night of the window, those with nothing on the books too, with the rooms for sale. */
  nights: { date: string; roomsForSale: number }[];
  rows: OnTheBooksRow[];
};

/** One night's pickup: definite rooms and revenue at `asOf` less those at `compareTo`. */
export type PickupRow = {
  date: string;
  rooms: number;
  compareRooms: number;
  pickupRooms: number;
  revenueBaisa: number;
  compareRevenueBaisa: number;
  pickupRevenueBaisa: number;
};
export type PickupReport = { asOf: string; live: boolean; compareTo: string; rows: PickupRow[] };

/** One night's pace: definite rooms and revenue now (or at `asOf`) against the same night a year before, as the close of the same date then had them. */
export type PaceRow = {
  date: string;
  rooms: number;
  revenueBaisa: number;
  lastYearDate: string;
  /** null: no close was stored on the same date a year before. */
  lastYearRooms: number | null;
  lastYearRevenueBaisa: number | null;
};
export type PaceReport = {
  asOf: string;
  live: boolean;
  lastYearAsOf: string;
  lastYearStored: boolean;
  rows: PaceRow[];
};
