import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';
import { translate, type MessageCode } from './messages';

/** The one JSON error shape of the API: `{ error: { code, message, fields? } }`. */
export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string>; requestId?: string };
};

/** Throw anywhere in a handler; `app.onError` turns it into the error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: MessageCode,
    readonly fields?: Record<string, MessageCode | string>,
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
    },
  };
  return c.json(body, status);
}
