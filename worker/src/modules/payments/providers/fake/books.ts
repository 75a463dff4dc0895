import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/env';
import {
  fakeThawaniControls,
  fakeThawaniPayments,
  fakeThawaniRefunds,
  fakeThawaniSessions,
  type FakeThawaniPayment,
  type FakeThawaniRefund,
  type FakeThawaniSession,
} from '../../fake-thawani-tables';
import { THAWANI_LIMITS } from './constants';

/**
 * The fake Thawani's books (../../fake-thawani-tables.ts) and its objects as Thawani's API answers
 * them: a checkout session (Checkout_Model), a payment (Payment_Model), a refund (Refund_Model),
 * in Thawani's field names, amounts in baisa, times as ISO 8601. What a request's body must hold
 * is checked as Thawani's OpenAPI description says (`sessionProblem`, `refundProblem`).
 */

export type Json = Record<string, unknown>;
/** A field at fault, as Thawani's 400 lists it in `data.error`. */
export type Problem = { field: string; message: string };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isUrl = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const randomDigits = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');
const randomId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

// ---- What Thawani answers

/** Checkout_Model, with the fields Thawani's webhook samples add (`customer`, `card`, ...). */
export function sessionResource(session: FakeThawaniSession): Json {
  return {
    session_id: session.sessionId,
    client_reference_id: session.clientReferenceId,
    customer: null,
    card: null,
    mode: 'payment',
    invoice: session.invoice,
    products: parseJson(session.products),
    total_amount: session.totalAmount,
    currency: session.currency,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    payment_status: session.paymentStatus,
    save_card_on_success: false,
    metadata: parseJson(session.metadata),
    created_at: session.createdAt.toISOString(),
    expire_at: session.expireAt.toISOString(),
  };
}

/** Refund_Model. */
export function refundResource(refund: FakeThawaniRefund): Json {
  return {
    refund_id: refund.refundId,
    payment_id: refund.paymentId,
    amount: refund.amount,
    reason: refund.reason,
    status: refund.status,
    metadata: parseJson(refund.metadata),
    created_at: refund.createdAt.toISOString(),
  };
}

/** Payment_Model, with its refunds (`refunds: null` when it has none, as the samples write). */
export function paymentResource(payment: FakeThawaniPayment, refunds: FakeThawaniRefund[] = []): Json {
  const refunded = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  return {
    activity: 'Hotel',
    payment_id: payment.paymentId,
    masked_card: payment.maskedCard,
    card_type: payment.cardType,
    status: payment.status,
    reason: payment.reason,
    amount: payment.amount,
    fee: payment.fee,
    refunded: refunded > 0 && refunded >= payment.amount,
    refunds: refunds.length > 0 ? refunds.map(refundResource) : null,
    checkout_invoice: payment.checkoutInvoice,
    created_at: payment.createdAt.toISOString(),
  };
}

// ---- Sessions

/** A session's body as Thawani checks it ("Create Session"): the first field at fault, or undefined. */
export function sessionProblem(body: Json): Problem | undefined {
  const reference = body.client_reference_id;
  if (!(typeof reference === 'string' && reference.trim()) && typeof reference !== 'number') {
    return { field: 'client_reference_id', message: 'client_reference_id is required' };
  }
  if (body.mode !== undefined && body.mode !== 'payment') {
    return { field: 'mode', message: 'mode must be payment' };
  }
  const products = body.products;
  if (!Array.isArray(products) || products.length === 0 || products.length > THAWANI_LIMITS.maxProducts) {
    return { field: 'products', message: 'At least 1 product is required, Max is 100' };
  }
  for (const product of products) {
    const name = isObject(product) ? product.name : undefined;
    if (typeof name !== 'string' || !name.trim() || [...name].length > THAWANI_LIMITS.productNameMax) {
      return { field: 'products.name', message: 'The name is required, at most 40 characters' };
    }
    const { quantity, unit_amount: unitAmount } = product as Json;
    if (!Number.isSafeInteger(quantity) || (quantity as number) < 1) {
      return { field: 'products.quantity', message: 'The quantity must be a whole number from 1 to 100' };
    }
    if ((quantity as number) > THAWANI_LIMITS.maxQuantity) {
      return { field: 'products.quantity', message: 'The quantity must be a whole number from 1 to 100' };
    }
    if (
      !Number.isSafeInteger(unitAmount) ||
      (unitAmount as number) < 1 ||
      (unitAmount as number) > THAWANI_LIMITS.maxUnitAmount
    ) {
      return { field: 'products.unit_amount', message: 'The unit_amount must be whole baisa, at least 1' };
    }
  }
  if (orderTotal(products as Json[]) < THAWANI_LIMITS.minOrderBaisa) {
    return { field: 'products', message: "The order's total must be at least 100 baisa" };
  }
  if (!isUrl(body.success_url)) return { field: 'success_url', message: 'success_url is required' };
  if (!isUrl(body.cancel_url)) return { field: 'cancel_url', message: 'cancel_url is required' };
  if (!isObject(body.metadata)) return { field: 'metadata', message: 'metadata is required' };
  const minutes = body.expire_in_minutes;
  if (
    minutes !== undefined &&
    (!Number.isSafeInteger(minutes) ||
      (minutes as number) < THAWANI_LIMITS.expireMinutes.min ||
      (minutes as number) > THAWANI_LIMITS.expireMinutes.max)
  ) {
    return { field: 'expire_in_minutes', message: 'expire_in_minutes must be 30 to 10080' };
  }
  return undefined;
}

const orderTotal = (products: Json[]) =>
  products.reduce((sum, p) => sum + (p.unit_amount as number) * (p.quantity as number), 0);

/** Opens a session from a body `sessionProblem` passed. */
export async function createSession(db: Db, body: Json): Promise<FakeThawaniSession> {
  const products = (body.products as Json[]).map((p) => ({
    name: p.name,
    unit_amount: p.unit_amount,
    quantity: p.quantity,
  }));
  const now = Date.now();
  const minutes = (body.expire_in_minutes as number | undefined) ?? THAWANI_LIMITS.expireMinutes.default;
  const [session] = await db
    .insert(fakeThawaniSessions)
    .values({
      sessionId: randomId('checkout'),
      clientReferenceId: String(body.client_reference_id),
      invoice: randomDigits(12),
      products: JSON.stringify(products),
      totalAmount: orderTotal(products),
      successUrl: body.success_url as string,
      cancelUrl: body.cancel_url as string,
      metadata: JSON.stringify(body.metadata),
      createdAt: new Date(now),
      expireAt: new Date(now + minutes * 60_000),
    })
    .returning();
  return session!;
}

export async function sessionById(db: Db, sessionId: string): Promise<FakeThawaniSession | undefined> {
  return db.select().from(fakeThawaniSessions).where(eq(fakeThawaniSessions.sessionId, sessionId)).get();
}

export async function sessionByInvoice(db: Db, invoice: string): Promise<FakeThawaniSession | undefined> {
  return db.select().from(fakeThawaniSessions).where(eq(fakeThawaniSessions.invoice, invoice)).get();
}

/** Whether the guest can still pay `session` on the page: unpaid and not expired. */
export const payable = (session: FakeThawaniSession, now = Date.now()) =>
  session.paymentStatus === 'unpaid' && session.expireAt.getTime() > now;

// ---- Payments

/** A page of payments (of one invoice when given), oldest first, with their refunds. */
export async function listPayments(
  db: Db,
  { invoice, limit, skip }: { invoice?: string; limit: number; skip: number },
): Promise<Json[]> {
  const rows = await db
    .select()
    .from(fakeThawaniPayments)
    .where(invoice === undefined ? undefined : eq(fakeThawaniPayments.checkoutInvoice, invoice))
    .orderBy(asc(fakeThawaniPayments.createdAt), asc(sql`rowid`))
    .limit(limit)
    .offset(skip);
  const refunds = rows.length
    ? await db
        .select()
        .from(fakeThawaniRefunds)
        .where(
          inArray(
            fakeThawaniRefunds.paymentId,
            rows.map((p) => p.paymentId),
          ),
        )
    : [];
  return rows.map((p) =>
    paymentResource(
      p,
      refunds.filter((r) => r.paymentId === p.paymentId),
    ),
  );
}

export async function paymentById(db: Db, paymentId: string): Promise<Json | undefined> {
  const [payment, refunds] = await db.batch([
    db.select().from(fakeThawaniPayments).where(eq(fakeThawaniPayments.paymentId, paymentId)),
    db.select().from(fakeThawaniRefunds).where(eq(fakeThawaniRefunds.paymentId, paymentId)),
  ]);
  return payment[0] ? paymentResource(payment[0], refunds) : undefined;
}

/**
 * The guest pays on the page, or gives up: `paid` is a successful payment of the session's total
 * (and the fee asked for, on top when so set) and the session paid; `declined` is a failed attempt
 * that leaves the session unpaid (the guest may try again on the same page); `cancelled` ends the
 * session unpaid. Only an unpaid session within its expiry takes any: null otherwise.
 */
export async function attempt(
  db: Db,
  session: FakeThawaniSession,
  outcome: 'paid' | 'declined' | 'cancelled',
): Promise<{ session: FakeThawaniSession; payment: FakeThawaniPayment | null } | null> {
  if (!payable(session)) return null;
  if (outcome === 'cancelled') {
    const [cancelled] = await db
      .update(fakeThawaniSessions)
      .set({ paymentStatus: 'cancelled' })
      .where(
        and(
          eq(fakeThawaniSessions.sessionId, session.sessionId),
          eq(fakeThawaniSessions.paymentStatus, 'unpaid'),
        ),
      )
      .returning();
    return cancelled ? { session: cancelled, payment: null } : null;
  }
  const controls = await readControls(db);
  const fee = outcome === 'paid' ? controls.fee : 0;
  const payment = {
    paymentId: randomDigits(14),
    checkoutInvoice: session.invoice,
    amount: session.totalAmount + (controls.feeOnTop ? fee : 0),
    fee,
    status: outcome === 'paid' ? ('Successful' as const) : ('Failed' as const),
    maskedCard: outcome === 'paid' ? '4242 42XX XXXX 4242' : '4000 00XX XXXX 0002',
    cardType: 'Debit',
    reason: outcome === 'paid' ? null : 'Declined by the card issuer',
  };
  if (outcome === 'declined') {
    const [made] = await db.insert(fakeThawaniPayments).values(payment).returning();
    return { session, payment: made! };
  }
  // Paid once: the session moves from unpaid in the same batch as its payment is written.
  const [moved, made] = await db.batch([
    db
      .update(fakeThawaniSessions)
      .set({ paymentStatus: 'paid' })
      .where(
        and(
          eq(fakeThawaniSessions.sessionId, session.sessionId),
          eq(fakeThawaniSessions.paymentStatus, 'unpaid'),
        ),
      )
      .returning(),
    db
      .insert(fakeThawaniPayments)
      .select(
        sql`select ${payment.paymentId}, ${payment.checkoutInvoice}, ${payment.amount}, ${payment.fee},
          ${payment.status}, ${payment.maskedCard}, ${payment.cardType}, null, ${Date.now()}
          where exists (select 1 from fake_thawani_sessions where session_id = ${session.sessionId} and payment_status = 'paid')
            and not exists (select 1 from fake_thawani_payments where checkout_invoice = ${session.invoice} and status = 'Successful')`,
      )
      .returning(),
  ]);
  return moved[0] && made[0] ? { session: moved[0], payment: made[0] } : null;
}

/** The session's `expire_at` passes (Thawani's back office, for tests). */
export async function expireSession(db: Db, sessionId: string): Promise<FakeThawaniSession | undefined> {
  const [row] = await db
    .update(fakeThawaniSessions)
    .set({ expireAt: new Date(Date.now() - 60_000) })
    .where(eq(fakeThawaniSessions.sessionId, sessionId))
    .returning();
  return row;
}

// ---- Refunds

/** A refund's body as Thawani checks it: payment_id, reason and metadata required; amount whole baisa. */
export function refundProblem(body: Json): Problem | undefined {
  if (typeof body.payment_id !== 'string' || !body.payment_id.trim()) {
    return { field: 'payment_id', message: 'payment_id is required' };
  }
  if (typeof body.reason !== 'string' || !body.reason.trim()) {
    return { field: 'reason', message: 'reason is required' };
  }
  if (!isObject(body.metadata)) return { field: 'metadata', message: 'metadata is required' };
  if (body.amount !== undefined && (!Number.isSafeInteger(body.amount) || (body.amount as number) < 1)) {
    return { field: 'amount', message: 'amount must be whole baisa, at least 1' };
  }
  return undefined;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Refunds (part of) a successful payment: never more than what is left of it (one statement, so
 * two refunds at once cannot both pass); without an amount, all that is left, which Thawani takes
 * only on the payment's own day. Answers the refund, or what is wrong.
 */
export async function createRefund(
  db: Db,
  body: Json,
): Promise<{ refund: FakeThawaniRefund } | { notFound: true } | { problem: Problem }> {
  const paymentId = body.payment_id as string;
  const [[payment], refunds, controls] = await Promise.all([
    db.select().from(fakeThawaniPayments).where(eq(fakeThawaniPayments.paymentId, paymentId)),
    db.select().from(fakeThawaniRefunds).where(eq(fakeThawaniRefunds.paymentId, paymentId)),
    readControls(db),
  ]);
  if (!payment) return { notFound: true };
  if (payment.status !== 'Successful') {
    return { problem: { field: 'payment_id', message: 'Only a successful payment can be refunded' } };
  }
  if (body.amount === undefined && Date.now() - payment.createdAt.getTime() >= DAY_MS) {
    return { problem: { field: 'amount', message: 'amount is required a day or more after the payment' } };
  }
  const left =
    payment.amount - refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  const amount = (body.amount as number | undefined) ?? left;
  const refundId = randomId('refund');
  const made = await db.all<{ refund_id: string }>(sql`insert into fake_thawani_refunds
      (refund_id, payment_id, amount, reason, status, metadata, created_at)
    select ${refundId}, ${paymentId}, ${amount}, ${body.reason as string}, ${controls.refundStatus},
      ${JSON.stringify(body.metadata)}, ${Date.now()}
    where ${amount} >= 1 and ${amount} + (select coalesce(sum(amount), 0) from fake_thawani_refunds
      where payment_id = ${paymentId} and status <> 'failed') <= ${payment.amount}
    returning refund_id`);
  if (made.length === 0) {
    return { problem: { field: 'amount', message: 'amount is more than what is left of the payment' } };
  }
  return { refund: (await refundById(db, refundId))! };
}

export async function refundById(db: Db, refundId: string): Promise<FakeThawaniRefund | undefined> {
  return db.select().from(fakeThawaniRefunds).where(eq(fakeThawaniRefunds.refundId, refundId)).get();
}

/** A page of the merchant's refunds, newest first. */
export async function listRefunds(db: Db, { limit, skip }: { limit: number; skip: number }) {
  return db
    .select()
    .from(fakeThawaniRefunds)
    .orderBy(desc(fakeThawaniRefunds.createdAt), desc(sql`rowid`))
    .limit(limit)
    .offset(skip);
}

/** A refund's status moves (Thawani's back office, for tests). */
export async function moveRefund(db: Db, refundId: string, status: string) {
  const [row] = await db
    .update(fakeThawaniRefunds)
    .set({ status })
    .where(eq(fakeThawaniRefunds.refundId, refundId))
    .returning();
  return row;
}

// ---- What a test asked of the fake

export type FakeControls = {
  pageLimit: number | null;
  fee: number;
  feeOnTop: boolean;
  refundStatus: string;
};

const DEFAULT_CONTROLS: FakeControls = {
  pageLimit: null,
  fee: 0,
  feeOnTop: false,
  refundStatus: 'successful',
};

export async function readControls(db: Db): Promise<FakeControls> {
  const row = await db.select().from(fakeThawaniControls).where(eq(fakeThawaniControls.id, 1)).get();
  return row
    ? { pageLimit: row.pageLimit, fee: row.fee, feeOnTop: row.feeOnTop, refundStatus: row.refundStatus }
    : DEFAULT_CONTROLS;
}

/** Sets what a test asks (fields left out keep their value; `faults` the next calls' status). */
export async function setControls(
  db: Db,
  set: Partial<FakeControls> & { faults?: { status: number; count: number } },
): Promise<FakeControls> {
  const { faults, ...rest } = set;
  const values = {
    ...rest,
    ...(faults && { faultStatus: faults.status, faultRemaining: faults.count }),
  };
  await db
    .insert(fakeThawaniControls)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: fakeThawaniControls.id, set: { id: 1, ...values } });
  return readControls(db);
}

/** Takes one of the faults a test asked for: the status to answer, or null when none is left. */
export async function takeFault(db: Db): Promise<number | null> {
  const rows = await db.all<{ status: number }>(sql`update fake_thawani_controls
    set fault_remaining = fault_remaining - 1 where id = 1 and fault_remaining > 0 returning fault_status as status`);
  return rows[0]?.status ?? null;
}
