import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';
import { ApiError, errorBody, type ErrorExtra } from './api-error';
import { NotModified } from './change-counters';

/**
 * Error mapping: the one JSON error shape in the request's language. Typed with its own
 * status, so the web client never takes an error answer for a success.
 */
export function errorResponse<Status extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  status: Status,
  code: string,
  fields?: Record<string, string>,
  extra?: ErrorExtra,
) {
  return c.json(errorBody(c.get('language') ?? 'ar', code, fields, extra, c.get('requestId')), status);
}

/** `app.onError`: domain errors to their answer, Hono's own to theirs, anything else to a 500. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof NotModified) {
    c.header('ETag', err.etag);
    return c.body(null, 304);
  }
  if (err instanceof ApiError) {
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return errorResponse(c, err.status, err.code, err.fields, err.extra);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed JSON bodies (400) and cross-site form posts (403).
    const code = err.status === 400 ? 'invalid_json' : err.status === 403 ? 'forbidden' : 'internal_error';
    return errorResponse(c, err.status as 400, code);
  }
  console.error(
    JSON.stringify({ requestId: c.get('requestId'), msg: 'unhandled', err: String(err), stack: err.stack }),
  );
  return errorResponse(c, 500, 'internal_error');
};
