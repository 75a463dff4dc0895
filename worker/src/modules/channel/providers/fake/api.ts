import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ZodType } from 'zod';
import { ApiError } from '../../../../platform/api-error';
import type { AppEnv } from '../../../../platform/env';
import { hotelToday } from '@shared/dates';
import {
  checkAvailability,
  checkRestrictions,
  pushBodySchema,
  storeAvailability,
  storeRestrictions,
  warnFirst,
} from './ari';
import { ackRevision, revisionById, revisionResource, unackedRevisions } from './bookings';
import {
  createRatePlan,
  createRoomType,
  ratePlanBodySchema,
  readCatalogue,
  roomTypeBodySchema,
} from './catalogue';
import { FAKE_CHANNEX } from './constants';
import { takeCallPlace, takeFault, takeWarning } from './limits';

/**
 * The fake channel manager's HTTP API (development only; anywhere else 404), as Channex API v1
 * answers it, under `/dev/channex/api/v1`:
 *
 * - every call carries `user-api-key` (401 `unauthorized` without the fake's key); every answer
 *   carries an `x-request-id` header, as Channex's do;
 * - `POST /availability`, `POST /restrictions` `{ values: [...] }` (ari.ts): the good values
 *   stored per night, 200 `{ data: [{ id, type: 'task' }], meta: { message: 'Success', warnings:
 *   [...] } }`, each warning a value ignored (a rate of 0, a past date, an unknown id...: echoed
 *   with `warning: {field: [words]}`; `data: []` when none was taken); 422 `validation_error` only
 *   for a body without a list of values, 400 for one that is not JSON or over 10 MB, 429
 *   `http_too_many_requests` past 10 calls of the kind in a rolling minute (with `Retry-After`);
 * - `POST /room_types` `{ room_type: {...} }` and `POST /rate_plans` `{ rate_plan: {...,
 *   room_type_id} }` (catalogue.ts): 201 with the resource and its generated id, 422 otherwise;
 * - `GET /booking_revisions/feed`: the revisions not acknowledged, as Channex pages them
 *   (`filter[property_id]`; `order[inserted_at]=asc|desc`, newest first unless asked;
 *   `pagination[page]` from 1 and `pagination[limit]`, 10 unless asked, at most 100;
 *   `meta: { page, limit, total }`);
 * - `GET /booking_revisions/:id`, `POST /booking_revisions/:id/ack` (404 `resource_not_found`).
 *
 * A fault a test asked for (`POST /api/dev/channel/faults`) answers its status instead, once per call.
 */

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Resource Not Found',
  422: 'Validation Error',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};
const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'resource_not_found',
  422: 'validation_error',
  429: 'http_too_many_requests',
  500: 'internal_server_error',
};

/** Channex's error shape. */
function failure(
  c: Context<AppEnv>,
  status: 400 | 401 | 404 | 422 | 429 | 500,
  details?: Record<string, string[]>,
) {
  c.header('Cache-Control', 'no-store');
  return c.json(
    { errors: { code: CODES[status], title: TITLES[status], ...(details && { details }) } },
    status,
  );
}

/** The body read against `schema`, or the 400/422 answer. */
async function readBody<T>(
  c: Context<AppEnv>,
  schema: ZodType<T>,
): Promise<{ data: T } | { answer: Response }> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { answer: failure(c, 400) };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { data: parsed.data };
  const details: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'base';
    (details[key] ??= []).push(issue.message);
  }
  return { answer: failure(c, 422, details) };
}

/** Channex's answer to a push: a task when any value was taken, and the warnings for the others. */
const taskAnswer = (c: Context<AppEnv>, taken: number, warnings: object[]) =>
  c.json({
    data: taken > 0 ? [{ id: crypto.randomUUID(), type: 'task' }] : [],
    meta: { message: 'Success', warnings },
  });

/** Channex takes up to 10 MB a call ("Rate limits"). */
const MAX_BODY_BYTES = 10_000_000;

/** Channex's feed paging: 10 a page unless asked, at most 100; pages from 1; newest first unless asked oldest first. */
export function feedPage(query: (name: string) => string | undefined) {
  const whole = (name: string) => {
    const value = query(name);
    return value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : null;
  };
  return {
    number: Math.max(1, whole('pagination[page]') ?? 1),
    limit: Math.min(FEED_MAX_LIMIT, Math.max(1, whole('pagination[limit]') ?? FEED_DEFAULT_LIMIT)),
    order: query('order[inserted_at]') === 'asc' ? ('asc' as const) : ('desc' as const),
    propertyId: query('filter[property_id]') || null,
  };
}

const FEED_DEFAULT_LIMIT = 10;
const FEED_MAX_LIMIT = 100;

export const fakeChannexApi = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, 'route_not_found');
    c.header('x-request-id', crypto.randomUUID());
    if (c.req.header('user-api-key') !== FAKE_CHANNEX.apiKey) return failure(c, 401);
    const fault = await takeFault(c.get('db'));
    if (fault === 429) {
      c.header('Retry-After', '1');
      return failure(c, 429);
    }
    if (fault !== null) return failure(c, 500);
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => failure(c, 400) }))
  .post('/availability', async (c) => {
    const db = c.get('db');
    const wait = await takeCallPlace(db, 'availability');
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      return failure(c, 429);
    }
    const body = await readBody(c, pushBodySchema);
    if ('answer' in body) return body.answer;
    let checked = checkAvailability(body.data.values, await readCatalogue(db), hotelToday());
    if (await takeWarning(db)) checked = warnFirst(checked, body.data.values, 'availability');
    await storeAvailability(db, checked.stored);
    return taskAnswer(c, checked.stored.length, checked.warnings);
  })
  .post('/restrictions', async (c) => {
    const db = c.get('db');
    const wait = await takeCallPlace(db, 'restrictions');
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      return failure(c, 429);
    }
    const body = await readBody(c, pushBodySchema);
    if ('answer' in body) return body.answer;
    let checked = checkRestrictions(body.data.values, await readCatalogue(db), hotelToday());
    if (await takeWarning(db)) checked = warnFirst(checked, body.data.values, 'restrictions');
    await storeRestrictions(db, checked.stored);
    return taskAnswer(c, checked.stored.length, checked.warnings);
  })
  .post('/room_types', async (c) => {
    const body = await readBody(c, roomTypeBodySchema);
    if ('answer' in body) return body.answer;
    const made = await createRoomType(c.get('db'), body.data);
    return 'details' in made ? failure(c, 422, made.details) : c.json({ data: made.resource }, 201);
  })
  .post('/rate_plans', async (c) => {
    const body = await readBody(c, ratePlanBodySchema);
    if ('answer' in body) return body.answer;
    const made = await createRatePlan(c.get('db'), body.data);
    return 'details' in made ? failure(c, 422, made.details) : c.json({ data: made.resource }, 201);
  })
  .get('/booking_revisions/feed', async (c) => {
    const page = feedPage((name) => c.req.query(name));
    const { rows, total } = await unackedRevisions(c.get('db'), page);
    return c.json({
      data: rows.map(revisionResource),
      meta: { page: page.number, limit: page.limit, total },
    });
  })
  .get('/booking_revisions/:id', async (c) => {
    const row = await revisionById(c.get('db'), c.req.param('id'));
    return row ? c.json({ data: revisionResource(row) }) : failure(c, 404);
  })
  .post('/booking_revisions/:id/ack', async (c) => {
    const found = await ackRevision(c.get('db'), c.req.param('id'));
    return found ? c.json({ meta: { message: 'Success' } }) : failure(c, 404);
  })
  .all('*', (c) => failure(c, 404));
