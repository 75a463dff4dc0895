import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { deliverEmails } from './email-delivery';
import type { Env } from '../../platform/env';
import { bookingRequest, payOnline, stays } from '@worker-test/builders';
import { call, uniqueEmail } from '@worker-test/helpers';

/**
 * The guest's booking e-mails say what the rate asks to be paid now, with a button to pay it on
 * the booking's page (docs/decisions/071-online-payments.md): the whole stay on a non-refundable
 * rate, nothing on a rate that asks no deposit, and nothing more once it is paid.
 */
const db = drizzle(env.DB);
const workerEnv = env as unknown as Env;
const stay = stays({ from: 61, every: 3 });

type Mail = { subject: string; text: string; html: string };

let ip = 0;
async function book(over: Record<string, unknown>, lang: 'ar' | 'en') {
  const res = await call('/api/booking-submissions', {
    method: 'POST',
    json: bookingRequest(over, stay),
    lang,
    headers: { 'cf-connecting-ip': `198.51.100.${++ip}` },
  });
  expect(res.status).toBe(201);
  // This device's grant of the booking (the guest's browser keeps it as a cookie).
  const grant = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('booking_grants='))!
    .split(';')[0]!;
  const { booking } = (await res.json()) as {
    booking: { id: number; reference: string; totalPriceBaisa: number };
  };
  return { booking, grant };
}

async function mailsTo(to: string, count: number): Promise<Mail[]> {
  for (const end = Date.now() + 15_000; Date.now() < end;) {
    await deliverEmails(workerEnv, db);
    const mails = (await (await call(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as Mail[];
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${to} never received ${count} messages`);
}

/** The newest message to `to` whose subject matches (other messages may come between). */
async function mailAbout(to: string, subject: RegExp): Promise<Mail> {
  for (const end = Date.now() + 15_000; Date.now() < end;) {
    await deliverEmails(workerEnv, db);
    const mails = (await (await call(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as Mail[];
    const found = mails.find((m) => subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${to} never received ${String(subject)}`);
}

const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const omrAr = (baisa: number) => `${arabicDigits((baisa / 1000).toFixed(3)).replace('.', '٫')}\u00a0ر.ع.`;

describe('what is due now, in the booking e-mails', () => {
  it('a non-refundable rate: the whole stay due now, and a button to pay it on the booking’s page (Arabic)', async () => {
    const email = uniqueEmail('nonref');
    const { booking } = await book({ email, ratePlan: 'non_refundable' }, 'ar');
    const [mail] = await mailsTo(email, 1);
    const amount = omrAr(booking.totalPriceBaisa);
    // Named as the guest side names it: the whole stay (not a deposit), paid in advance, and the
    // demo's non-refundable rate confirms it as soon as it is paid (not "waiting for the hotel").
    expect(mail!.text).toContain(`المستحق الآن (قيمة الإقامة كاملة): ${amount}`);
    expect(mail!.text).toContain(`سعرك يُدفع مقدماً: قيمة الإقامة كاملة، ${amount}، مستحقة الآن.`);
    expect(mail!.text).toContain('يُؤكَّد حجزك فور دفعه');
    expect(mail!.text).not.toContain('بانتظار تأكيد الفندق');
    // The first button pays: the booking's signed page, at its payment section.
    const pay = new RegExp(`ادفع ${amount.replace(/\./g, '\\.')} الآن: (\\S+)`).exec(mail!.text);
    expect(pay).not.toBeNull();
    expect(pay![1]).toMatch(/\/booking\/[A-Z0-9]+\?t=[^&]+&lang=ar#booking-payment-heading$/);
    expect(mail!.html).toContain(`ادفع ${amount} الآن`);
  });

  it('a rate without a deposit says nothing of paying now (English)', async () => {
    const email = uniqueEmail('flex');
    await book({ email }, 'en');
    const [mail] = await mailsTo(email, 1);
    expect(mail!.text).not.toContain('Due now');
    expect(mail!.text).not.toMatch(/Pay .* now/);
    expect(mail!.text).toContain('Manage your booking');
  });

  it('once the deposit is paid online, the confirmation says nothing is due (English)', async () => {
    const email = uniqueEmail('paid');
    const { booking, grant } = await book({ email, ratePlan: 'non_refundable' }, 'en');
    const [received] = await mailsTo(email, 1);
    const total = `OMR\u00a0${(booking.totalPriceBaisa / 1000).toFixed(3)}`;
    expect(received!.text).toContain(`Due now (the whole stay): ${total}`);
    expect(received!.text).toContain(`Your rate is paid in advance: the whole stay, ${total}, is due now.`);
    expect(received!.text).toContain('Your booking is confirmed as soon as it is paid');

    // The guest pays on the fake provider's page; its signed webhook posts the payment.
    await payOnline(booking.id, grant, {});

    // The demo's non-refundable rate confirms a request once it is paid in full (its plan's
    // confirmOnDeposit): the confirmation's e-mail asks for nothing more.
    const confirmation = await mailAbout(email, /is confirmed/i);
    expect(confirmation.text).not.toContain('Due now');
    expect(confirmation.text).not.toMatch(/Pay .* now/);
  });
});
