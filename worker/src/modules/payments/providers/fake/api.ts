import { Hono, type Context } from 'hono';
import { ApiError } from '../../../../platform/api-error';
import type { AppEnv } from '../../../../platform/env';
import { appFetch, configuredProvider, webhookSecret } from '../../payment-config';
import {
  createRefund,
  createSession,
  listPayments,
  listRefunds,
  paymentById,
  readControls,
  refundById,
  refundProblem,
  refundResource,
  sessionById,
  sessionByInvoice,
  sessionProblem,
  sessionResource,
  takeFault,
  type Json,
  type Problem,
} from './books';
import { FAKE_THAWANI } from './constants';
import { postWebhooks, signedWebhook, type ThawaniEventType } from './webhook';

/**
 * The fake payment provider's HTTP API (development only; anywhere else 404), as Thawani's
 * E-Commerce API v1 answers it ("Thawani ECommerce API" 1.0), under `/dev/thawani/api/v1`:
 *
 * - every call carries `thawani-api-key` (401, code 4001, without the fake's secret key); a POST
 *   without a body is 411;
 * - every answer is `{ success, code, description, data }`; a refusal is 400 code 4000 "Invalid
 *   information" with `data.error: [{ field, message }]`, an unknown object 404 code 4003 "object
 *   not found";
 * - `POST /checkout/session`, `GET /checkout/session/:session_id`, `GET /checkout/invoice/:invoice`;
 * - `GET /payments?limit&skip[&checkout_invoice]` (oldest first), `GET /payments/:payment_id`;
 * - `POST /refunds`, `GET /refunds?limit&skip` (newest first), `GET /refunds/:refund_id`.
 *
 * A list needs `limit` and `skip` (Thawani marks both required), answers 404 when the page is
 * empty, and at most the page size a test set (`POST /api/dev/payments/faults`), whatever `limit`
 * asked: Thawani documents no maximum, so the app must not rely on one. A fault a test asked for
 * answers its status instead, once per call. A new session sends `checkout.created` to the app.
 */

type Status = 200 | 400 | 401 | 404 | 411 | 429 | 500 | 502 | 503;

function answer(c: Context<AppEnv>, status: Status, code: number, description: string, data?: unknown) {
  c.header('Cache-Control', 'no-store');
  return c.json({ success: status < 400, code, description, ...(data !== undefined && { data }) }, status);
}
const invalid = (c: Context<AppEnv>, problem: Problem) =>
  answer(c, 400, 4000, 'Invalid information', { error: [problem] });
const notFound = (c: Context<AppEnv>) => answer(c, 404, 4003, 'object not found');
const found = (c: Context<AppEnv>, description: string, data: unknown) =>
  data ? answer(c, 200, 2000, description, data) : notFound(c);

/** The body a POST carries (an object), or the answer to give. */
async function body(c: Context<AppEnv>): Promise<{ json: Json } | { refused: Response }> {
  const text = await c.req.text();
  if (text === '') return { refused: answer(c, 411, 4011, 'Length required') };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { refused: invalid(c, { field: 'body', message: 'The body is not JSON' }) };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { refused: invalid(c, { field: 'body', message: 'The body must be a JSON object' }) };
  }
  return { json: json as Json };
}

/** A list's page (`limit` and `skip` required), capped at the page size a test set. */
async function page(c: Context<AppEnv>): Promise<{ limit: number; skip: number } | { refused: Response }> {
  const limit = Number(c.req.query('limit'));
  const skip = Number(c.req.query('skip'));
  if (!Number.isSafeInteger(limit) || limit < 1) {
    return { refused: invalid(c, { field: 'limit', message: 'limit is required, at least 1' }) };
  }
  if (!Number.isSafeInteger(skip) || skip < 0) {
    return { refused: invalid(c, { field: 'skip', message: 'skip is required, 0 or more' }) };
  }
  const { pageLimit } = await readControls(c.get('db'));
  return { limit: pageLimit ? Math.min(limit, pageLimit) : limit, skip };
}

/** Where the fake sends its webhooks: the webhook URL "set at the portal", the configured provider's. */
export function webhookUrl(c: Context<AppEnv>): string {
  return `${new URL(c.req.url).origin}/api/payments/webhooks/${configuredProvider(c.env) ?? 'fake'}`;
}

/** Signs and posts Thawani's webhooks to the app (through the app itself, never the network). */
export async function sendWebhooks(
  c: Context<AppEnv>,
  events: { event_type: ThawaniEventType; data: Json }[],
) {
  const secret = webhookSecret(c.env);
  const webhooks = await Promise.all(
    events.map(async (e) => ({ event_type: e.event_type, webhook: await signedWebhook(secret, e) })),
  );
  return postWebhooks(appFetch(c.env, c.executionCtx), webhookUrl(c), webhooks);
}

export const fakeThawaniApi = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, 'route_not_found');
    if (c.req.header('thawani-api-key') !== FAKE_THAWANI.secretKey)
      return answer(c, 401, 4001, 'Unauthorized');
    const fault = await takeFault(c.get('db'));
    if (fault !== null) return answer(c, fault as Status, fault * 10, 'Answer asked for by a test');
    await next();
  })
  .post('/checkout/session', async (c) => {
    const read = await body(c);
    if ('refused' in read) return read.refused;
    const problem = sessionProblem(read.json);
    if (problem) return invalid(c, problem);
    const session = sessionResource(await createSession(c.get('db'), read.json));
    // Thawani tells the merchant a session was created, after its answer.
    c.executionCtx.waitUntil(sendWebhooks(c, [{ event_type: 'checkout.created', data: session }]));
    return answer(c, 200, 2004, 'Session generated successfully', session);
  })
  .get('/checkout/session/:sessionId', async (c) => {
    const session = await sessionById(c.get('db'), c.req.param('sessionId'));
    return found(c, 'Session retrieved successfully', session && sessionResource(session));
  })
  .get('/checkout/invoice/:invoice', async (c) => {
    const session = await sessionByInvoice(c.get('db'), c.req.param('invoice'));
    return found(c, 'Session retrieved successfully', session && sessionResource(session));
  })
  .get('/payments', async (c) => {
    const asked = await page(c);
    if ('refused' in asked) return asked.refused;
    const list = await listPayments(c.get('db'), { ...asked, invoice: c.req.query('checkout_invoice') });
    return found(c, 'Payments retrieved successfully', list.length ? list : undefined);
  })
  .get('/payments/:paymentId', async (c) =>
    found(c, 'Payment retrieved successfully', await paymentById(c.get('db'), c.req.param('paymentId'))),
  )
  .post('/refunds', async (c) => {
    const read = await body(c);
    if ('refused' in read) return read.refused;
    const problem = refundProblem(read.json);
    if (problem) return invalid(c, problem);
    const made = await createRefund(c.get('db'), read.json);
    if ('notFound' in made) return notFound(c);
    if ('problem' in made) return invalid(c, made.problem);
    return answer(c, 200, 2004, 'Refund created successfully', refundResource(made.refund));
  })
  .get('/refunds', async (c) => {
    const asked = await page(c);
    if ('refused' in asked) return asked.refused;
    const list = await listRefunds(c.get('db'), asked);
    return found(c, 'Refunds retrieved successfully', list.length ? list.map(refundResource) : undefined);
  })
  .get('/refunds/:refundId', async (c) => {
    const refund = await refundById(c.get('db'), c.req.param('refundId'));
    return found(c, 'Refund retrieved successfully', refund && refundResource(refund));
  })
  .all('*', (c) => notFound(c));
