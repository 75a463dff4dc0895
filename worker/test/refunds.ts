import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { call, runCron } from './helpers';
import { json, paidBooking, staffCookie, stays, type Booking } from './builders';

/**
 * The refunds' tests' shared parts (cancellation and refunds, in modules/payments): the flexible
 * plan asking for its first night, a booking whose deposit was paid online (the guest's checkout,
 * the fake provider's Pay, its signed webhook through the whole app), its folio and refunds as
 * they stand, and the five-minute cron.
 */

/** The flexible plan asks for its first night (its free cancellation: 24 hours before arrival). */
export async function flexiblePlanAsksFirstNight() {
  await env.DB.prepare(
    `update rate_plans set deposit = '{"kind":"first_night"}', cancellation = '{"kind":"free_until","hours":24}' where code = 'standard'`,
  ).run();
}

/** Stays of the file's own nights (the paid bookings' unless a test gives its dates). */
export const refundStay = stays({ from: 500, every: 3 });

export type FolioLine = {
  id: number;
  kind: string;
  department: string | null;
  method: string | null;
  amountBaisa: number;
  description: string;
  invoiceId: number | null;
  refundsLineId: number | null;
};
export type Folio = { balanceBaisa: number; lines: FolioLine[] };
export type Refund = {
  id: number;
  status: string;
  amount_baisa: number;
  reason: string;
  provider_refund_id: string | null;
};

/** A booking's folio as staff read it. */
export const folio = async (id: number) => {
  const res = await call(`/api/booking-submissions/${id}/folio`, { cookie: await staffCookie() });
  expect(res.status).toBe(200);
  return json<Folio>(res);
};
/** A booking's refunds as stored, oldest first. */
export const refundsOf = async (bookingId: number) =>
  (
    await env.DB.prepare('select * from payment_refunds where booking_id = ? order by id')
      .bind(bookingId)
      .all<Refund>()
  ).results;

export type Paid = {
  booking: Booking;
  cookie: string;
  email: string;
  sessionId: number;
  providerSessionId: string;
  amountBaisa: number;
};

/** A guest's booking (approved unless `pending`), its deposit paid online through the fake provider's page. */
export async function paidOnline(
  over: Record<string, unknown> = {},
  { pending = false }: { pending?: boolean } = {},
): Promise<Paid> {
  const paid = await paidBooking(
    { roomType: 'gold', ...refundStay(), ...over },
    { pending, guestName: 'Refund Guest' },
  );
  expect((await folio(paid.booking.id)).lines.filter((l) => l.kind === 'payment')).toHaveLength(1);
  return paid;
}

/** Waits for the booking's refunds to reach `status` (they are sent after the answer). */
export const refundsSettle = (bookingId: number, status = 'succeeded') =>
  vi.waitFor(
    async () => {
      const refunds = await refundsOf(bookingId);
      expect(refunds.length).toBeGreaterThan(0);
      expect(refunds.map((r) => r.status)).toEqual(refunds.map(() => status));
      return refunds;
    },
    { timeout: 10_000, interval: 50 },
  );

/** The five-minute cron, run as the platform runs it. */
export const fiveMinuteCron = () => runCron('*/5 * * * *');
