import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { signWebhook } from '../src/modules/payments';
import { call } from './helpers';
import { book, guest, json, stays } from './builders';

/**
 * The online payments' tests' shared parts (checkouts and payments, in modules/payments): a
 * request whose plan asks for a deposit, a checkout opened and completed at the fake provider,
 * its session and online folio lines as stored, and the fake provider's signed webhook.
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

export const complete = (providerSessionId: string, outcome: 'paid' | 'declined' = 'paid') =>
  call(`/api/dev/payments/${providerSessionId}/complete`, { method: 'POST', json: { outcome } });

/** A webhook to the fake's address, signed with `secret` at `timestamp` (now by default). */
export async function webhook(
  body: Record<string, unknown>,
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
  const raw = JSON.stringify(body);
  return call('/api/payments/webhooks/fake', {
    method: 'POST',
    body: raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(timestamp),
      'x-signature': signature ?? (await signWebhook(secret, raw, timestamp)),
      ...(address && { 'cf-connecting-ip': address }),
    },
  });
}

export const paidEvent = (
  providerSessionId: string,
  amountBaisa: number,
  over: Record<string, unknown> = {},
) => ({
  id: `evt_${crypto.randomUUID()}`,
  type: 'payment.succeeded',
  data: { sessionId: providerSessionId, paymentId: `pay_${crypto.randomUUID()}`, amountBaisa, ...over },
});
