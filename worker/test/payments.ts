import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { signedWebhook } from '../src/modules/payments';
import { call } from './helpers';
import { book, guest, json, stays } from './builders';

/**
 * The online payments' tests' shared parts (checkouts and payments, in modules/payments): a
 * request whose plan asks for a deposit, a checkout opened and completed at the fake provider
 * (the stand-in for Thawani inside the development worker), its session and online folio lines as
 * stored, what the fake keeps (read with its key, as Thawani's merchant portal would), its
 * controls, and Thawani's signed webhooks.
 */

const SECRET = 'change-me-webhook';
const stay = stays({ from: 400, every: 3, nights: 2 });
/** Two nights at 30.000 OMR: a half deposit is 30.000. */
const NIGHTS = [30_000, 30_000];

export type Opened = { sessionId: number; checkoutUrl: string; amountBaisa: number };

/** A guest's request (signed in) whose plan asked for half the stay as a deposit. */
export async function depositBooking({
  deposit = '{"kind":"percent","percent":50}',
  plan,
}: { deposit?: string; plan?: string } = {}) {
  const account = await guest();
  const booking = await book({}, { cookie: account.cookie, stay });
  await env.DB.prepare(
    `update booking_submissions set total_price = ?, night_prices = ?, deposit_rule = ?, rate_plan = coalesce(?, rate_plan) where id = ?`,
  )
    .bind(NIGHTS[0]! + NIGHTS[1]!, JSON.stringify(NIGHTS), deposit, plan ?? null, booking.id)
    .run();
  return { booking, cookie: account.cookie, email: account.email };
}

export const open = (id: number, cookie: string, body: Record<string, unknown> = {}) =>
  call(`/api/booking-submissions/${id}/payments`, { method: 'POST', cookie, json: body });

export async function opened(id: number, cookie: string) {
  const res = await open(id, cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Opened>(res);
}

export const sessionRow = (id: number) =>
  env.DB.prepare('select * from payment_sessions where id = ?').bind(id).first<{
    provider_session_id: string;
    status: string;
    payment_line_id: number | null;
    amount_baisa: number;
  }>();

export const onlineLines = async (bookingId: number) =>
  (
    await env.DB.prepare(
      `select id, amount_baisa as amountBaisa, provider_reference as providerReference from folio_lines
       where booking_id = ? and kind = 'payment' and method = 'online'`,
    )
      .bind(bookingId)
      .all<{ id: number; amountBaisa: number; providerReference: string }>()
  ).results;

export const complete = (providerSessionId: string, outcome: 'paid' | 'declined' | 'cancelled' = 'paid') =>
  call(`/api/dev/payments/${providerSessionId}/complete`, { method: 'POST', json: { outcome } });

/** A webhook as Thawani's fake signed it, not delivered yet. */
export type HeldWebhook = {
  event_type: string;
  rawBody: string;
  headers: { 'thawani-timestamp': string; 'thawani-signature': string };
};

/** The guest's attempt at the fake's page, its webhooks answered signed instead of sent. */
export async function completeHeld(
  providerSessionId: string,
  outcome: 'paid' | 'declined' | 'cancelled' = 'paid',
): Promise<{ paymentId: string | null; webhooks: HeldWebhook[] }> {
  const res = await call(`/api/dev/payments/${providerSessionId}/complete`, {
    method: 'POST',
    json: { outcome, deliver: false },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}

/** Delivers a held webhook to the app, as Thawani posts it. */
export const deliver = (webhook: HeldWebhook, address?: string) =>
  call('/api/payments/webhooks/fake', {
    method: 'POST',
    body: webhook.rawBody,
    headers: {
      'content-type': 'application/json',
      ...webhook.headers,
      ...(address && { 'cf-connecting-ip': address }),
    },
  });

/** The fake's secret key (its API answers only with it, as Thawani's). */
const FAKE_KEY = 'fake-thawani-secret-key';

/** What the fake keeps (`GET /dev/thawani/api/v1<path>`), its `data`; fails the test unless 200. */
export async function atFake<T = Record<string, unknown>>(path: string): Promise<T> {
  const res = await call(`/dev/thawani/api/v1${path}`, { headers: { 'thawani-api-key': FAKE_KEY } });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** What a test asks of the fake (`POST /api/dev/payments/faults`). */
export async function fakeControls(body: Record<string, unknown>) {
  const res = await call('/api/dev/payments/faults', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * A webhook to the fake's address as Thawani sends one, `{ data, event_type }` (or a body given as
 * text or bytes), signed with `secret` at `timestamp` (now by default) over its bytes.
 */
export async function webhook(
  body: { data: Record<string, unknown>; event_type: string } | string | Uint8Array,
  {
    secret = SECRET,
    timestamp = Math.floor(Date.now() / 1000),
    signature,
    address,
  }: {
    secret?: string;
    timestamp?: number;
    signature?: string;
    address?: string;
  } = {},
) {
  const bytes =
    body instanceof Uint8Array
      ? body
      : new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));
  const signed = await signedWebhook(secret, bytes, timestamp);
  if (signature) signed.headers.set('thawani-signature', signature);
  if (address) signed.headers.set('cf-connecting-ip', address);
  return call('/api/payments/webhooks/fake', { method: 'POST', body: bytes, headers: signed.headers });
}
