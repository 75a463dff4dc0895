import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { canonicalPhone, providerPhone } from '@shared/phone';
import { book, bookingRequest, json, setBookingStatus } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { deliverWhatsApp } from './modules/whatsapp';

/**
 * Phones in full international form (docs/decisions/096-phone-numbers-in-full.md): the forms send
 * the country the guest chose with the number (`+<code> <number>`), the server keeps E.164's digits,
 * WhatsApp hears `+` and the country code. A guest of another Gulf state who types their local
 * number is reached on it; the Omani number with the same eight digits is someone else's.
 */
const db = drizzle(env.DB);

describe('phones in full', () => {
  it('reads a number in its country: a local number of the chosen one, + or 00 international whatever was chosen', () => {
    expect(canonicalPhone('9123 4567')).toBe('96891234567');
    expect(canonicalPhone('٩١٢٣ ٤٥٦٧')).toBe('96891234567');
    expect(canonicalPhone('+965 5123 4567')).toBe('96551234567');
    expect(canonicalPhone('5123 4567', 'KW')).toBe('96551234567');
    expect(canonicalPhone('3312 3456', 'QA')).toBe('97433123456');
    expect(canonicalPhone('3612 3456', 'BH')).toBe('97336123456');
    expect(canonicalPhone('0096891234567', 'KW')).toBe('96891234567');
    expect(canonicalPhone('050 123 4567', 'AE')).toBe('971501234567');
    // Not a number of its country: refused, not guessed.
    expect(canonicalPhone('1234 5678')).toBeNull();
    expect(canonicalPhone('+965 123')).toBeNull();
    expect(canonicalPhone('call me')).toBeNull();
    // A channel manager's phone without its +.
    expect(providerPhone('96551234567')).toBe('96551234567');
    expect(providerPhone('447700900123')).toBe('447700900123');
  });

  it("a Kuwaiti guest's booking: kept in full, found by their number and not by an Omani one, its news to their own number", async () => {
    const typed = '+965 5123 4567';
    const booking = await book({ phoneNumber: typed, whatsappOptIn: true }, { lang: 'en' });
    const row = await env.DB.prepare('select phone_number from booking_submissions where id = ?')
      .bind(booking.id)
      .first<{ phone_number: string }>();
    expect(row!.phone_number).toBe('96551234567');
    // An Omani guest's local number is kept in full too, with its 968.
    const omani = await book({ phoneNumber: '9123 4567' });
    const omaniRow = await env.DB.prepare('select phone_number from booking_submissions where id = ?')
      .bind(omani.id)
      .first<{ phone_number: string }>();
    expect(omaniRow!.phone_number).toBe('96891234567');
    const lookup = (phoneNumber: string) =>
      call('/api/bookings/lookup', {
        method: 'POST',
        json: { reference: booking.reference, phoneNumber },
        headers: { 'cf-connecting-ip': `10.77.${Math.floor(Math.random() * 250)}.9` },
      });
    expect((await lookup('+965 51234567')).status).toBe(200);
    expect((await lookup('0096551234567')).status).toBe(200);
    // The same eight digits without a country are an Omani number: someone else's.
    expect((await lookup('51234567')).status).toBe(404);

    await setBookingStatus(booking.id, 'approved');
    await deliverWhatsApp(env, db, new Date(Date.UTC(2030, 0, 2, 8)));
    const sent = await json<{ to: string; waId: string; template: { name: string } | null }[]>(
      await call('/api/dev/whatsapp/sent'),
    );
    expect(sent.filter((s) => s.waId === '96551234567').map((s) => [s.to, s.template?.name])).toEqual([
      ['+96551234567', 'booking_confirmation'],
    ]);
    expect(sent.some((s) => s.waId === '96851234567')).toBe(false);
  });

  it("refuses a number that is not one of its country's, in the guest's language, on its field", async () => {
    for (const [lang, pattern] of [
      ['en', /phone/i],
      ['ar', /[\u0600-\u06ff]/],
    ] as const) {
      const res = await call('/api/booking-submissions', {
        method: 'POST',
        lang,
        json: bookingRequest({ phoneNumber: '+965 123' }),
        headers: { 'cf-connecting-ip': `10.78.${Math.floor(Math.random() * 250)}.9` },
      });
      expect(res.status).toBe(400);
      const body = await json<{ error: { code: string; fields: Record<string, string> } }>(res);
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.fields.phoneNumber).toMatch(pattern);
    }
  });
});
