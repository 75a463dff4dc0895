import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ON_THE_BOOKS_KEYS,
  type OnTheBooksKey,
  type OnTheBooksReport,
  type OnTheBooksRow,
  type PaceReport,
  type PaceRow,
  type PickupReport,
  type PickupRow,
} from '@shared/books-on-hand';
import {
  type FlashReport,
  PRODUCTION_DIMENSIONS,
  type ProductionDimension,
  type ProductionReport,
  type ProductionRow,
} from '@shared/flash-production';
import { addDays, hotelToday } from '@shared/dates';
import type { TourismReturn } from '@shared/registration-schemas';
import type { ExtraChannel, ExtraKind } from '@shared/extras';
import { api, readJson } from '@/lib/api-client';

/**
 * The manager reports (GET /api/admin/reports/*): each answered as JSON, and as CSV with
 * `&format=csv` (the worker neutralises formula cells). Amounts are integer baisa.
 */

export type { FlashReport, OnTheBooksReport, OnTheBooksRow, PaceReport, PaceRow, PickupReport, PickupRow };
export type { ProductionReport, ProductionRow, TourismReturn };

/** What the books ahead are grouped by, and what production is. */
export const ON_THE_BOOKS_GROUPS = ON_THE_BOOKS_KEYS;
export type OnTheBooksGroup = OnTheBooksKey;
export const PRODUCTION_GROUPS = PRODUCTION_DIMENSIONS;
export type ProductionGroup = ProductionDimension;

export type ReportName =
  'flash' | 'on-the-books' | 'pickup' | 'pace' | 'production' | 'tourism-return' | 'extras';

/** A report's query, without empty values (an empty `asOf`: the books as they stand now). */
export type ReportQuery = Record<string, string>;

const search = (query: ReportQuery) =>
  new URLSearchParams(Object.entries(query).filter(([, value]) => value !== '')).toString();

/**
 * Where a report's CSV is downloaded: the same query with `format=csv` (a plain link), and the
 * page's language (a link sends the browser's Accept-Language, not the app's): its headers and
 * names come in the language the manager reads.
 */
export const reportCsvHref = (report: ReportName, query: ReportQuery, language: string) =>
  `/api/admin/reports/${report}?${search({ ...query, format: 'csv', lang: language })}`;

const reports = api.admin.reports;
/** An optional date of the query: absent when empty (the books as they stand now). */
const optional = (value: string | undefined) => (value ? value : undefined);

// Each report's call through the typed client, its query as the worker's schema takes it. (A
// route that also answers CSV has no single JSON type for the client: the answer is named here.)
const getOnTheBooks = (q: ReportQuery) =>
  readJson(() =>
    reports['on-the-books'].$get({
      query: { from: q.from!, to: q.to!, by: q.by as OnTheBooksGroup, asOf: optional(q.asOf) },
    }),
  ) as Promise<OnTheBooksReport>;
const getPickup = (q: ReportQuery) =>
  readJson(() =>
    reports.pickup.$get({ query: { from: q.from!, to: q.to!, asOf: q.asOf!, compareTo: q.compareTo! } }),
  ) as Promise<PickupReport>;
const getPace = (q: ReportQuery) =>
  readJson(() =>
    reports.pace.$get({ query: { from: q.from!, to: q.to!, asOf: optional(q.asOf) } }),
  ) as Promise<PaceReport>;

const getFlash = (q: ReportQuery) =>
  readJson(() => reports.flash.$get({ query: { date: q.date! } })) as Promise<FlashReport>;
const getProduction = (q: ReportQuery) =>
  readJson(() =>
    reports.production.$get({ query: { from: q.from!, to: q.to!, by: q.by as ProductionGroup } }),
  ) as Promise<ProductionReport>;

/** The offers report (docs/decisions/098): offers shown, bought, declined by extra and channel. */
const getExtras = (q: ReportQuery) =>
  readJson(() => reports.extras.$get({ query: { from: q.from!, to: q.to! } })) as Promise<ExtrasReport>;
export type ExtrasReport = {
  from: string;
  to: string;
  rows: {
    extraId: number;
    nameAr: string;
    nameEn: string;
    kind: ExtraKind;
    channel: ExtraChannel;
    shown: number;
    bought: number;
    declined: number;
    expired: number;
    revenueBaisa: number;
    conversion: number | null;
  }[];
  totals: {
    shown: number;
    bought: number;
    declined: number;
    expired: number;
    revenueBaisa: number;
    conversion: number | null;
  };
};

const getTourismReturn = (q: ReportQuery) =>
  readJson(() => reports['tourism-return'].$get({ query: { month: q.month! } })) as Promise<TourismReturn>;

export const reportKeys = {
  report: (report: ReportName, query: ReportQuery) => ['admin', 'reports', report, query] as const,
};

const reportQueryOptions = <T>(report: ReportName, query: ReportQuery, get: (q: ReportQuery) => Promise<T>) =>
  queryOptions({
    queryKey: reportKeys.report(report, query),
    queryFn: () => get(query),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export const useFlashReport = (query: ReportQuery) => useQuery(reportQueryOptions('flash', query, getFlash));
export const useOnTheBooksReport = (query: ReportQuery) =>
  useQuery(reportQueryOptions('on-the-books', query, getOnTheBooks));
export const usePickupReport = (query: ReportQuery) =>
  useQuery(reportQueryOptions('pickup', query, getPickup));
export const usePaceReport = (query: ReportQuery) => useQuery(reportQueryOptions('pace', query, getPace));
export const useProductionReport = (query: ReportQuery) =>
  useQuery(reportQueryOptions('production', query, getProduction));
export const useExtrasReport = (query: ReportQuery) =>
  useQuery(reportQueryOptions('extras', query, getExtras));
export const useTourismReturn = (query: ReportQuery) =>
  useQuery(reportQueryOptions('tourism-return', query, getTourismReturn));

/**
 * What a report's screen shows first (app/more-routes.tsx starts it as the route is matched, and
 * the shell's first script, app/first-requests.ts, as the HTML is read): the flash report of the
 * day its address names, or yesterday's (flash-screen.tsx's default); the tourism return of the
 * month its address names, or last month's (the one to file). The other reports are
 * opened from the hub, their code and data started as their link is pointed at.
 */
export function reportFirstQueries(
  report: string | undefined,
  search: URLSearchParams,
  today = hotelToday(),
) {
  if (report === 'tourism-return')
    return [
      reportQueryOptions(
        'tourism-return',
        { month: search.get('month') ?? reportDefaults(today).lastMonth },
        getTourismReturn,
      ),
    ];
  if (report !== 'flash') return [];
  return [
    reportQueryOptions('flash', { date: search.get('date') ?? reportDefaults(today).yesterday }, getFlash),
  ];
}

/** The nights the books' reports open on: tonight and the 89 after it, where a manager plans. */
export const REPORT_NIGHTS_AHEAD = 90;

/**
 * The days a report opens on (hotel time), where the work is: the flash yesterday's, the books
 * the next 90 nights (today to `lastNight`), production this month so far, the tourism return last month.
 */
export function reportDefaults(today = hotelToday()) {
  return {
    yesterday: addDays(today, -1),
    today,
    lastNight: addDays(today, REPORT_NIGHTS_AHEAD - 1),
    monthStart: `${today.slice(0, 7)}-01`,
    /** The month before this one: the tourism return to file. */
    lastMonth: addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7),
  };
}
