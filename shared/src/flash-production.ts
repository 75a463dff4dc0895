import { z } from './zod';
import { calendarDate, isCalendarDate } from './date-schemas';
import { addDays } from './dates';
import type { ExtraKind } from './extras';
import type { OutletDayFigures } from './outlets';

/**
 * The manager reports flash and production (docs/decisions/079-flash-and-production-reports.md):
 * their queries and the shapes the worker answers. Amounts are integer baisa.
 */

const format = z.enum(['json', 'csv'], { error: 'invalid_format' }).optional();

/** GET /api/admin/reports/flash?date[&format=csv]. */
export const flashQuerySchema = z.object({ date: calendarDate(), format });

/** The flash report of a business date: the day close's figures and the day's movements. */
export type FlashReport = {
  date: string;
  /** Whether the date is closed: its figures are then the close's stored report, else so far. */
  closed: boolean;
  closedAt: string | null;
  /** Room nights sold (posted that day), the rooms for sale, their ratio (0..1, null if none). */
  roomsSold: number;
  roomsForSale: number;
  occupancy: number | null;
  /** The day close's average daily rate (net, without taxes). */
  adrBaisa: number;
  /** Revenue per available room: the ADR times the occupancy, rounded. */
  revparBaisa: number;
  /** Net revenue per department (the day close's), and its sum. */
  revenueBaisa: Record<string, number>;
  totalRevenueBaisa: number;
  /** Payments and refunds per method (the day close's). */
  paymentsBaisa: Record<string, number>;
  refundsBaisa: Record<string, number>;
  /** Stays arriving that day (approved, confirmed or done) and how many of them checked in. */
  arrivals: number;
  arrived: number;
  /** Stays leaving that day and how many of them checked out. */
  departures: number;
  departed: number;
  /** Stays checked in for the night of the date. */
  inHouse: number;
  /** The day close's no-shows. */
  noShows: number;
  /** Bookings cancelled that day (hotel time), no-shows apart. */
  cancellations: number;
  /** Rooms out of order that night. */
  outOfOrder: number;
  /** Each outlet's revenue and taxes of the day (the day close's, decision 090). */
  outlets: OutletDayFigures[];
  /** The extras' net revenue of the day by kind (the day close's, decision 098). */
  extrasRevenueBaisa: Partial<Record<ExtraKind, number>>;
};

/** What a production report groups by. */
export const PRODUCTION_DIMENSIONS = [
  'company',
  'travelAgent',
  'source',
  'segment',
  'nationality',
  'roomType',
] as const;
export type ProductionDimension = (typeof PRODUCTION_DIMENSIONS)[number];

/** The longest period a report covers, in days (both ends counted). */
export const REPORT_MAX_DAYS = 366;

/** GET /api/admin/reports/production?from&to&by[&format=csv]: business dates `from` to `to`, both counted. */
export const productionQuerySchema = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    by: z.enum(PRODUCTION_DIMENSIONS, { error: 'report_key_invalid' }).default('roomType'),
    format,
  })
  .superRefine((q, ctx) => {
    // zod runs this even when a date failed its own check: only two real dates are compared.
    if (!isCalendarDate(String(q.from)) || !isCalendarDate(String(q.to))) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
    else if (addDays(q.from, REPORT_MAX_DAYS - 1) < q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'report_too_long' });
  });
export type ProductionQuery = z.infer<typeof productionQuerySchema>;

/** One group of a production report. */
export type ProductionRow = {
  /** The group: a company's or agent's id, a source, a segment, a country code, a room type's code ('' for none or unknown). */
  key: string;
  /** A company's or agent's name (else the key), as the books reports label their keys. */
  label: string;
  /** Room nights posted in the period (as the day closes count them sold). */
  roomNights: number;
  /** Net room revenue posted in the period (charges less their corrections). */
  revenueBaisa: number;
  /** Average daily rate: the net of the nights sold in the period (less the period's corrections of them) / those nights. */
  adrBaisa: number;
  /** Bookings arriving in the period that were cancelled (no-shows apart), and the no-shows. */
  cancellations: number;
  noShows: number;
};

export type ProductionReport = {
  from: string;
  to: string;
  by: ProductionDimension;
  rows: ProductionRow[];
  total: Omit<ProductionRow, 'key' | 'label'>;
};
