import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';
import { translate, type MessageCode } from './messages';

/** The one JSON error shape of the API: `{ error: { code, message, fields? } }`. */
export type ErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    requestId?: string;
    /** A sold-out booking's suggestions (lib/bookings.ts `bookingAlternatives`). */
    alternatives?: unknown;
  };
};

/** Throw anywhere in a handler; `app.onError` turns it into the error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: MessageCode,
    readonly fields?: Record<string, MessageCode | string>,
    /** More of the error body, as is (e.g. `alternatives`). */
    readonly extra?: { alternatives?: unknown },
  ) {
    super(code);
  }
}

/** Typed with its own status, so the web client never takes an error answer for a success. */
export function errorResponse<Status extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  status: Status,
  code: string,
  fields?: Record<string, string>,
  extra?: { alternatives?: unknown },
) {
  const language = c.get('language') ?? 'ar';
  const body: ErrorBody = {
    error: {
      code,
      message: translate(code, language),
      requestId: c.get('requestId'),
      ...(fields && {
        fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translate(v, language)])),
      }),
      ...extra,
    },
  };
  return c.json(body, status);
}
