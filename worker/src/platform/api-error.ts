import { translate, type MessageCode } from './messages';

/** The one JSON error shape of the API: `{ error: { code, message, fields? } }`. */
export type ErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    requestId?: string;
    /** A sold-out booking's suggestions (modules/bookings/booking-alternatives.ts `bookingAlternatives`). */
    alternatives?: unknown;
    /** The room a check-in was refused for (`room_not_clean`). */
    room?: unknown;
    /** The rate restriction that refused a stay (`min_stay`, `closed`, ...: the night, the limit). */
    restriction?: Restriction;
    /** A check-out refused for its balance (`balance_due`): the folio's balance, in baisa. */
    balanceBaisa?: number;
    /** A credit note refused for more than is left to credit (`credit_exceeds_uncredited`), in baisa. */
    leftBaisa?: number;
    /** A rooming list refused (`block_exceeded`): the lines (0-based) that do not fit in the block. */
    lines?: number[];
    /** A group block's hold refused (`block_over_allotment`): the nights short, with the rooms free. */
    nights?: { roomType: string; date: string; free: number }[];
    /** A room's nights refused for a work order (`out_of_order_stays`): the stays holding them. */
    stays?: { reference: string; fullName: string; checkInDate: string; checkOutDate: string }[];
    /** The stay a refusal names (a room whose guest has not left: `room_occupied`). */
    stay?: { id: number; reference: string; fullName: string; checkInDate: string; checkOutDate: string };
    /** A WhatsApp message refused outside the window (`window_closed`): the approved templates that fit. */
    templates?: unknown;
    /** A journal export refused (`accounting_unmapped`): the categories without an account. */
    missing?: string[];
    /** A journal export refused (`accounting_day_open`): the days not closed yet. */
    dates?: string[];
    /** Price suggestions refused as out of date (`suggestion_stale`): their ids. */
    suggestions?: string[];
    /** An order's time taken (`order_time_taken`): the next free times, `YYYY-MM-DDTHH:MM` (hotel time). */
    times?: string[];
  };
};

/** A stay refused by a rate restriction: the night it is judged on, and the limit it breaks. */
export type Restriction = { night: string; minStay?: number; maxStay?: number };
export type ErrorExtra = {
  alternatives?: unknown;
  room?: unknown;
  restriction?: Restriction;
  balanceBaisa?: number;
  leftBaisa?: number;
  lines?: number[];
  /** The ids a request named that its rule refused (e.g. registrations not sent). */
  ids?: number[];
  nights?: { roomType: string; date: string; free: number }[];
  stays?: { reference: string; fullName: string; checkInDate: string; checkOutDate: string }[];
  stay?: { id: number; reference: string; fullName: string; checkInDate: string; checkOutDate: string };
  templates?: unknown;
  /** The categories without an account (`accounting_unmapped`). */
  missing?: string[];
  /** The days not closed yet (`accounting_day_open`). */
  dates?: string[];
  suggestions?: string[];
  /** An order's time taken: the next free times (`order_time_taken`). */
  times?: string[];
};

/** The statuses a domain error may carry (each a Hono `ContentfulStatusCode`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * A typed domain error: throw it anywhere (lib or route); `app.onError` (platform/error-mapping.ts)
 * turns it into the error shape with its status and headers.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: MessageCode,
    readonly fields?: Record<string, MessageCode | string>,
    /** More of the error body, as is (e.g. `alternatives`). */
    readonly extra?: ErrorExtra,
    /** Headers of the answer (e.g. `Retry-After` on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
}

/** A 429 that says when to try again. */
export function throttled(code: MessageCode, retryAfterSeconds: number): ApiError {
  return new ApiError(429, code, undefined, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** The error body in a language (for answers kept as data, e.g. a booking's stored refusal). */
export function errorBody(
  language: 'ar' | 'en',
  code: string,
  fields?: Record<string, string>,
  extra?: ErrorExtra,
  requestId?: string,
): ErrorBody {
  // A restriction's limit is named in its sentence ("at least {min} nights").
  const limits = extra?.restriction && {
    ...(extra.restriction.minStay !== undefined && { min: extra.restriction.minStay }),
    ...(extra.restriction.maxStay !== undefined && { max: extra.restriction.maxStay }),
  };
  return {
    error: {
      code,
      message: translate(code, language, limits),
      requestId,
      ...(fields && {
        fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translate(v, language)])),
      }),
      ...extra,
    },
  };
}
