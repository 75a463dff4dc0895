import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local stand-in for Thawani Pay's E-Commerce API v1 (the worker tests' vitest globalSetup;
 * never the internet), so the Thawani adapter (worker/src/modules/payments/providers/thawani/)
 * is tested against HTTP as Thawani speaks it: the `thawani-api-key` header (401 without the
 * right one), answers wrapped as `{success, code, description, data}`, amounts in baisa, and
 * bodies checked as Thawani's OpenAPI description says it checks them (400, code 4000, with the
 * fields at fault: a session's reference, URLs and metadata required, 1 to 100 products of 1 to
 * 100 each, a name of at most 40 characters, whole baisa, an order of at least 100 baisa; a
 * refund's payment, reason and metadata required, and no more than what is left of the payment).
 * Sessions, payments and refunds live in memory for the run.
 *
 *   POST /api/v1/checkout/session                     create a session
 *   GET  /api/v1/checkout/session/<session_id>        a session (payment_status unpaid | paid | cancelled)
 *   GET  /api/v1/checkout/invoice/<invoice>           the session of an invoice
 *   GET  /api/v1/payments?checkout_invoice=<invoice>  the payment attempts of a session (404 if none)
 *   GET  /api/v1/payments/<payment_id>                a payment
 *   POST /api/v1/refunds                              refund (part of) a successful payment
 *   GET  /api/v1/refunds?limit=&skip=                  the refunds, newest first, a page (404 if none)
 *   GET  /api/v1/refunds/<refund_id>                  a refund (status successful | failed)
 *   GET  /pay/<session_id>?key=<publishable key>      the payment page (a placeholder)
 *
 * What the guest and Thawani's back office do, for tests (no key needed):
 *   POST /__test/pay/<session_id>      {outcome: "paid" | "declined" | "cancelled"}: a paid session
 *        gets a successful payment; a declined card leaves the session unpaid with a failed
 *        attempt; cancelled closes it. Answers the session, the payment and the webhook bodies
 *        Thawani would send ({event_type, data}; the test signs them).
 *   POST /__test/expire/<session_id>   the session's expire_at passes
 *   POST /__test/refunds/<refund_id>   {status}: the refund's status changes
 *   POST /__test/answer-next           {status}: the next API call answers that HTTP status
 */
// THAWANI_FAKE_PORT in the environment moves it (two checkouts testing side by side).
export const THAWANI_FAKE_PORT = Number(process.env.THAWANI_FAKE_PORT ?? 8825);
/** The keys this stand-in knows (payments/providers/thawani/thawani.test.ts and contract.test.ts use the same). */
export const THAWANI_FAKE_SECRET_KEY = 'thawani-fake-secret-key';
export const THAWANI_FAKE_PUBLISHABLE_KEY = 'thawani-fake-publishable-key';

/** Thawani takes 1 baisa a product at least, but an order of 100 baisa at least. */
const MIN_ORDER_BAISA = 100;
const MAX_UNIT_AMOUNT = 5_000_000_000;
const PRODUCT_NAME_MAX = 40;
const MAX_BODY_BYTES = 64 * 1024;
const DEFAULT_EXPIRE_MINUTES = 24 * 60;

type Json = Record<string, unknown>;
type Session = {
  session_id: string;
  client_reference_id: string;
  mode: 'payment';
  products: { name: string; quantity: number; unit_amount: number }[];
  total_amount: number;
  currency: 'OMR';
  success_url: string;
  cancel_url: string;
  payment_status: 'unpaid' | 'paid' | 'cancelled';
  invoice: string;
  metadata: Json;
  created_at: string;
  expire_at: string;
};
type Payment = {
  payment_id: string;
  checkout_invoice: string;
  amount: number;
  fee: number;
  /** As Thawani writes them in its webhooks' samples. */
  status: 'Successful' | 'Failed';
  masked_card: string;
  card_type: string;
  refunded: boolean;
  refunds: string[];
  reason?: string;
  created_at: string;
};
type Refund = {
  refund_id: string;
  payment_id: string;
  amount: number;
  reason: string;
  status: string;
  metadata: Json;
  created_at: string;
};

const sessions = new Map<string, Session>();
const payments = new Map<string, Payment>();
const refunds = new Map<string, Refund>();
const answerNext: number[] = [];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => new Date().toISOString();

function send(res: ServerResponse, status: number, code: number, description: string, data?: unknown) {
  const success = status < 400;
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ success, code, description, ...(data !== undefined ? { data } : {}) }));
}

type Problem = { field: string; message: string };
const invalid = (res: ServerResponse, problem: Problem) =>
  send(res, 400, 4000, 'Invalid information', { error: [problem] });
const notFound = (res: ServerResponse) => send(res, 404, 4003, 'object not found');

function isUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A session's body as Thawani checks it: the first field at fault, or undefined. */
function sessionProblem(body: Json): Problem | undefined {
  const reference = body.client_reference_id;
  if (!(typeof reference === 'string' && reference.trim()) && typeof reference !== 'number') {
    return { field: 'client_reference_id', message: 'client_reference_id is required' };
  }
  if (body.mode !== undefined && body.mode !== 'payment') {
    return { field: 'mode', message: 'mode must be payment' };
  }
  if (!Array.isArray(body.products) || body.products.length === 0 || body.products.length > 100) {
    return { field: 'products', message: 'At least 1 product is required, Max is 100' };
  }
  for (const product of body.products) {
    const name = isObject(product) ? product.name : undefined;
    if (typeof name !== 'string' || !name.trim() || [...name].length > PRODUCT_NAME_MAX) {
      return {
        field: 'products.name',
        message: `The name is required, at most ${PRODUCT_NAME_MAX} characters`,
      };
    }
    const { quantity, unit_amount: unitAmount } = product as Json;
    if (!Number.isSafeInteger(quantity) || (quantity as number) < 1 || (quantity as number) > 100) {
      return { field: 'products.quantity', message: 'The quantity must be a whole number from 1 to 100' };
    }
    if (
      !Number.isSafeInteger(unitAmount) ||
      (unitAmount as number) < 1 ||
      (unitAmount as number) > MAX_UNIT_AMOUNT
    ) {
      return { field: 'products.unit_amount', message: 'The unit_amount must be whole baisa, at least 1' };
    }
  }
  const total = (body.products as Json[]).reduce(
    (sum, p) => sum + (p.unit_amount as number) * (p.quantity as number),
    0,
  );
  if (total < MIN_ORDER_BAISA) {
    return { field: 'products', message: `The order's total must be at least ${MIN_ORDER_BAISA} baisa` };
  }
  if (!isUrl(body.success_url)) return { field: 'success_url', message: 'success_url is required' };
  if (!isUrl(body.cancel_url)) return { field: 'cancel_url', message: 'cancel_url is required' };
  if (!isObject(body.metadata)) return { field: 'metadata', message: 'metadata is required' };
  if (
    body.expire_in_minutes !== undefined &&
    (!Number.isSafeInteger(body.expire_in_minutes) ||
      (body.expire_in_minutes as number) < 30 ||
      (body.expire_in_minutes as number) > 10080)
  ) {
    return { field: 'expire_in_minutes', message: 'expire_in_minutes must be 30 to 10080' };
  }
  return undefined;
}

function createSession(body: Json): Session {
  const products = (body.products as Session['products']).map((p) => ({
    name: p.name,
    quantity: p.quantity,
    unit_amount: p.unit_amount,
  }));
  const created = Date.now();
  const minutes = (body.expire_in_minutes as number | undefined) ?? DEFAULT_EXPIRE_MINUTES;
  const session: Session = {
    session_id: id('checkout'),
    client_reference_id: String(body.client_reference_id),
    mode: 'payment',
    products,
    total_amount: products.reduce((sum, p) => sum + p.unit_amount * p.quantity, 0),
    currency: 'OMR',
    success_url: body.success_url as string,
    cancel_url: body.cancel_url as string,
    payment_status: 'unpaid',
    invoice: String(randomInt(10 ** 11, 10 ** 12)),
    metadata: body.metadata as Json,
    created_at: new Date(created).toISOString(),
    expire_at: new Date(created + minutes * 60_000).toISOString(),
  };
  sessions.set(session.session_id, session);
  return session;
}

function newPayment(session: Session, status: Payment['status']): Payment {
  const payment: Payment = {
    payment_id: id('pay'),
    checkout_invoice: session.invoice,
    amount: session.total_amount,
    fee: 0,
    status,
    masked_card: '424242XXXXXX4242',
    card_type: 'Visa',
    refunded: false,
    refunds: [],
    ...(status === 'Failed' ? { reason: 'Declined by the card issuer' } : {}),
    created_at: now(),
  };
  payments.set(payment.payment_id, payment);
  return payment;
}

const refundedOf = (payment: Payment) =>
  payment.refunds
    .map((r) => refunds.get(r)!)
    .filter((r) => r.status !== 'failed')
    .reduce((sum, r) => sum + r.amount, 0);

/** The test-only routes: what the guest does on the payment page, and Thawani's back office. */
function control(res: ServerResponse, action: string, target: string | undefined, body: Json) {
  if (action === 'answer-next') {
    answerNext.push(Number(body.status));
    return send(res, 200, 2000, 'ok');
  }
  if (action === 'refunds') {
    const refund = refunds.get(target ?? '');
    if (!refund) return notFound(res);
    refund.status = String(body.status);
    return send(res, 200, 2000, 'ok', refund);
  }
  const session = sessions.get(target ?? '');
  if (!session) return notFound(res);
  if (action === 'expire') {
    session.expire_at = new Date(Date.now() - 60_000).toISOString();
    return send(res, 200, 2000, 'ok', { session });
  }
  if (action !== 'pay') return notFound(res);
  if (session.payment_status !== 'unpaid') return send(res, 409, 4009, 'Session is not unpaid');
  switch (body.outcome ?? 'paid') {
    case 'paid': {
      session.payment_status = 'paid';
      const payment = newPayment(session, 'Successful');
      return send(res, 200, 2000, 'ok', {
        session,
        payment,
        webhooks: [
          { event_type: 'checkout.completed', data: session },
          { event_type: 'payment.succeeded', data: payment },
        ],
      });
    }
    case 'declined': {
      const payment = newPayment(session, 'Failed');
      return send(res, 200, 2000, 'ok', {
        session,
        payment,
        webhooks: [{ event_type: 'payment.failed', data: payment }],
      });
    }
    case 'cancelled':
      session.payment_status = 'cancelled';
      return send(res, 200, 2000, 'ok', { session, webhooks: [] });
    default:
      return invalid(res, { field: 'outcome', message: 'outcome must be paid, declined or cancelled' });
  }
}

function api(req: IncomingMessage, res: ServerResponse, url: URL, body: Json) {
  const [resource, first, second] = url.pathname.split('/').slice(3).map(decodeURIComponent);
  const found = (description: string, data: unknown) =>
    data ? send(res, 200, 2000, description, data) : notFound(res);
  if (resource === 'checkout' && first === 'session' && req.method === 'POST' && second === undefined) {
    const problem = sessionProblem(body);
    if (problem) return invalid(res, problem);
    return send(res, 200, 2004, 'Session generated successfully', createSession(body));
  }
  if (resource === 'checkout' && first === 'session' && req.method === 'GET' && second) {
    return found('Session retrieved successfully', sessions.get(second));
  }
  if (resource === 'checkout' && first === 'invoice' && req.method === 'GET' && second) {
    return found(
      'Session retrieved successfully',
      [...sessions.values()].find((s) => s.invoice === second),
    );
  }
  if (resource === 'payments' && req.method === 'GET' && first === undefined) {
    const invoice = url.searchParams.get('checkout_invoice');
    if (!invoice) return invalid(res, { field: 'checkout_invoice', message: 'checkout_invoice is required' });
    const list = [...payments.values()].filter((p) => p.checkout_invoice === invoice);
    // Thawani answers 404 for an empty list.
    return found('Payments retrieved successfully', list.length ? list : undefined);
  }
  if (resource === 'payments' && req.method === 'GET' && first) {
    return found('Payment retrieved successfully', payments.get(first));
  }
  if (resource === 'refunds' && req.method === 'POST' && first === undefined) {
    const payment = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (!payment) return notFound(res);
    if (payment.status !== 'Successful') {
      return invalid(res, { field: 'payment_id', message: 'Only a successful payment can be refunded' });
    }
    if (typeof body.reason !== 'string' || !body.reason.trim()) {
      return invalid(res, { field: 'reason', message: 'reason is required' });
    }
    if (!isObject(body.metadata)) return invalid(res, { field: 'metadata', message: 'metadata is required' });
    const left = payment.amount - refundedOf(payment);
    const amount = body.amount ?? left;
    if (!Number.isSafeInteger(amount) || (amount as number) < 1) {
      return invalid(res, { field: 'amount', message: 'amount must be whole baisa, at least 1' });
    }
    if ((amount as number) > left) {
      return invalid(res, { field: 'amount', message: 'amount is more than what is left of the payment' });
    }
    const refund: Refund = {
      refund_id: id('ref'),
      payment_id: payment.payment_id,
      amount: amount as number,
      reason: body.reason,
      status: 'successful',
      metadata: body.metadata,
      created_at: now(),
    };
    refunds.set(refund.refund_id, refund);
    payment.refunds.push(refund.refund_id);
    payment.refunded = refundedOf(payment) >= payment.amount;
    return send(res, 200, 2004, 'Refund created successfully', refund);
  }
  if (resource === 'refunds' && req.method === 'GET' && first === undefined) {
    // Newest first, in pages (limit, skip); Thawani answers 404 for an empty page.
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100) {
      return invalid(res, { field: 'limit', message: 'limit must be 1 to 100' });
    }
    if (!Number.isSafeInteger(skip) || skip < 0)
      return invalid(res, { field: 'skip', message: 'skip must be 0 or more' });
    const list = [...refunds.values()].reverse().slice(skip, skip + limit);
    return found('Refunds retrieved successfully', list.length ? list : undefined);
  }
  if (resource === 'refunds' && req.method === 'GET' && first) {
    return found('Refund retrieved successfully', refunds.get(first));
  }
  return notFound(res);
}

let server: Server | undefined;

export async function setup() {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (size > MAX_BODY_BYTES) return send(res, 413, 4013, 'Body too large');
      let body: unknown = {};
      if (size > 0) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return invalid(res, { field: 'body', message: 'The body is not JSON' });
        }
      }
      const [, test, action, target] = /^\/(__test)\/([\w-]+)(?:\/([^/]+))?$/.exec(url.pathname) ?? [];
      if (test && req.method === 'POST')
        return control(res, action!, target && decodeURIComponent(target), isObject(body) ? body : {});
      const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (page && req.method === 'GET') {
        const known = sessions.has(decodeURIComponent(page[1]!));
        const keyed = url.searchParams.get('key') === THAWANI_FAKE_PUBLISHABLE_KEY;
        res
          .writeHead(known && keyed ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
          .end(known && keyed ? '<!doctype html><title>Thawani (local)</title><p>Pay</p>' : 'Not found');
        return;
      }
      if (!url.pathname.startsWith('/api/v1/')) return notFound(res);
      if (req.headers['thawani-api-key'] !== THAWANI_FAKE_SECRET_KEY)
        return send(res, 401, 4001, 'Unauthorized');
      const status = answerNext.shift();
      if (status) return send(res, status, status * 10, 'Answer asked for by the test');
      if (req.method === 'POST' && size === 0) return send(res, 411, 4011, 'Length required');
      if (!isObject(body)) return invalid(res, { field: 'body', message: 'The body must be a JSON object' });
      api(req, res, url, body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(THAWANI_FAKE_PORT, '127.0.0.1', resolve));
}

export async function teardown() {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
