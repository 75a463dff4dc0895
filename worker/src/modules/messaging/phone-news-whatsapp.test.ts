import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { formatBookingReference } from '@shared/booking-reference';
import type { Env } from '../../platform/env';
import { deliverEmails } from './email-delivery';
import { bookingRequest, staffCookie as staff, stays, uniquePhone } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { book, outbox, setStatus } from '@worker-test/mail';

/**
 * A booking's news texted to a guest without an e-mail, with PHONE_PROVIDER=whatsapp: under
 * WhatsApp's rules as every WhatsApp message (modules/whatsapp/phone-sender.ts), never as free
 * text to a phone that did not write in the last 24 hours, never to one that did not opt in.
 */
const db = drizzle(env.DB);
const onWhatsApp = { ...(env as unknown as Env), PHONE_PROVIDER: 'whatsapp' as const };
const stay = stays({ from: 61, every: 3 });

type Sent = {
  wamid: string;
  to: string;
  waId: string;
  type: string;
  text: string | null;
  template: { name: string; language: string; parameters: string[] } | null;
};
/**
 * The app delivers what a change queued right after it, with the tests' own settings (SMS, the dev
 * outbox); once that is done, the phone's rows are queued again and delivered with WhatsApp's.
 */
async function deliverOnWhatsApp(phone: string) {
  for (const end = Date.now() + 10_000; Date.now() < end;) {
    const rows = await outbox(phone);
    if (rows.length > 0 && rows.every((r) => r.status !== 'queued' && r.status !== 'sending')) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await env.DB.prepare(
    "update email_outbox set status = 'queued', attempts = 0, last_error = null, next_attempt_at = 0 where recipient = ? and status = 'sent' and sent_at > ?",
  )
    .bind(phone, Date.now() - 60_000)
    .run();
  await deliverEmails(onWhatsApp, db);
}

const sentTo = async (phone: string) =>
  ((await (await call('/api/dev/whatsapp/sent')).json()) as Sent[]).filter((s) => s.waId === phone);

describe('booking news on WhatsApp (PHONE_PROVIDER=whatsapp)', () => {
  it('is not sent to a phone that never opted in: failed once, with why, never tried again', async () => {
    const phone = uniquePhone();
    const { res } = await book(bookingRequest({ phoneNumber: phone }, stay));
    expect(res.status).toBe(201);
    await deliverOnWhatsApp(phone);
    expect(await sentTo(phone)).toHaveLength(0);
    const [row] = await outbox(phone);
    expect(row).toMatchObject({ kind: 'booking_received', status: 'failed', attempts: 1 });
    expect(row!.last_error).toContain('whatsapp_not_opted_in');
  });

  it('goes as its template outside the window, and as text once the guest wrote', async () => {
    const phone = uniquePhone();
    const { res, body } = await book(bookingRequest({ phoneNumber: phone, whatsappOptIn: true }, stay));
    expect(res.status).toBe(201);
    await deliverOnWhatsApp(phone);
    const [news] = await sentTo(phone);
    expect(news).toMatchObject({
      to: `+${phone}`,
      type: 'template',
      template: { name: 'booking_update', language: 'ar' },
    });
    expect(news!.template!.parameters[0]).toBe(formatBookingReference(body.booking.reference));
    expect(news!.template!.parameters[1]).toContain(`/booking/${body.booking.reference}?t=`);
    expect((await outbox(phone))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // Accepted by the provider, not yet delivered.
    const kept = await env.DB.prepare('select status from whatsapp_messages where wamid = ?')
      .bind(news!.wamid)
      .first<{ status: string }>();
    expect(kept?.status).toBe('accepted');

    // The guest writes: the next news goes as text, inside the window.
    const wrote = await call('/api/dev/whatsapp/inbound', {
      method: 'POST',
      json: { from: phone, text: 'شكراً' },
    });
    expect(wrote.status).toBe(200);
    expect((await setStatus(body.booking.id, 'approved', await staff())).status).toBe(200);
    await deliverOnWhatsApp(phone);
    const texts = (await sentTo(phone)).filter((s) => s.type === 'text');
    expect(texts.some((s) => s.text?.includes('تمت الموافقة على حجزك'))).toBe(true);
  });
});
