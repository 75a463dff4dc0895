import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { chargeLineValues, readTaxSettings } from './';
import { stayDate } from '../../platform/messages';
import { call } from '@worker-test/helpers';
import { approvedBooking, json, staffCookie } from '@worker-test/builders';

/**
 * the tourism levy listed before VAT (VAT is charged on it), the
 * payments and the balance on the invoice, room lines that name the room type and the night, and
 * one digit system per column (the Arabic column's digits Arabic-Indic, the English one's Latin),
 * in the printable page and the JSON.
 */
const db = drizzle(env.DB);

type Doc = {
  id: number;
  lines: {
    department: string;
    night?: string;
    rounding?: boolean;
    roomNameEn?: string;
    roomNameAr?: string;
    amountBaisa: number;
  }[];
  taxTotals: { code: string }[];
  totalBaisa: number;
  settlement: {
    lines: {
      kind: string;
      method: string | null;
      businessDate: string;
      amountBaisa: number;
      approvalCode: string | null;
    }[];
    paidBaisa: number;
    balanceBaisa: number;
  } | null;
};

/** A room night's charge as the day close posts it (SQL), for `night`, dated `date`. */
async function roomNight(bookingId: number, night: string, date: string, price: number) {
  const v = chargeLineValues(await readTaxSettings(db), 'room', date, price);
  await env.DB.prepare(
    `insert into folio_lines (booking_id, kind, department, amount_baisa, net_baisa, taxes, business_date, night)
     values (?, 'charge', 'room', ?, ?, ?, ?, ?)`,
  )
    .bind(bookingId, v.amountBaisa, v.netBaisa, JSON.stringify(v.taxes), date, night)
    .run();
}

const post = async (bookingId: number, what: string, body: unknown) => {
  const res = await call(`/api/booking-submissions/${bookingId}/folio/${what}`, {
    method: 'POST',
    cookie: await staffCookie(),
    json: body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
};

describe('the invoice as a document', () => {
  it('lists the levy before VAT, names each room night, shows the payments and the balance, one digit system per column', async () => {
    const booking = await approvedBooking();
    const today = hotelToday();
    // The minibar first: a line VAT alone is on must not put VAT before the levy.
    await post(booking.id, 'charges', { department: 'minibar', description: 'Water', amountBaisa: 1_050 });
    const nights = [addDays(today, -2), addDays(today, -1)];
    for (const night of nights) await roomNight(booking.id, night, today, 12_600);
    // A card at the desk, with the terminal's approval code.
    await post(booking.id, 'payments', { method: 'card', amountBaisa: 20_000, approvalCode: 'AB4567' });

    const res = await call(`/api/booking-submissions/${booking.id}/invoices`, {
      method: 'POST',
      json: {},
      cookie: await staffCookie(),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const invoice = (await json<{ invoice: Doc }>(res)).invoice;
    expect(invoice.taxTotals.map((t) => t.code)).toEqual(['tourism_levy', 'vat']);

    // Room lines name the booking's room type and their night.
    const room = await env.DB.prepare(
      `select r.name as en, r.name_ar as ar from rooms r join booking_submissions b on b.room_type = r.room_type
       where b.id = ? order by r.id limit 1`,
    )
      .bind(booking.id)
      .first<{ en: string; ar: string }>();
    const rooms = invoice.lines.filter((l) => l.department === 'room' && !l.rounding);
    expect(rooms.map((l) => [l.night, l.roomNameEn, l.roomNameAr])).toEqual(
      nights.map((n) => [n, room!.en, room!.ar]),
    );
    expect(invoice.lines.find((l) => l.department === 'minibar')?.night).toBeUndefined();

    // The payments up to the issue and the balance then.
    expect(invoice.totalBaisa).toBe(26_250);
    expect(invoice.settlement).toEqual({
      lines: [
        { kind: 'payment', method: 'card', businessDate: today, amountBaisa: 20_000, approvalCode: 'AB4567' },
      ],
      paidBaisa: 20_000,
      balanceBaisa: 6_250,
    });
    const read = await json<Doc>(await call(`/api/invoices/${invoice.id}`, { cookie: await staffCookie() }));
    expect(read.settlement).toEqual(invoice.settlement);
    // A payment after the issue is not on it (the document never changes).
    await post(booking.id, 'payments', { method: 'cash', amountBaisa: 6_250 });
    const later = await json<Doc>(await call(`/api/invoices/${invoice.id}`, { cookie: await staffCookie() }));
    expect(later.settlement).toEqual(invoice.settlement);

    const page = await (await call(`/invoices/${invoice.id}`, { cookie: await staffCookie() })).text();
    // The levy's row before VAT's.
    expect(page.indexOf('Tourism levy at')).toBeGreaterThan(0);
    expect(page.indexOf('Tourism levy at')).toBeLessThan(page.indexOf('VAT at'));
    // Each night named in both languages, each with its own digits.
    for (const night of nights) {
      expect(page).toContain(`${room!.en}, night of ${stayDate(night, 'en')}`);
      expect(page).toContain(`${room!.ar}، ليلة ${stayDate(night, 'ar')}`);
      expect(stayDate(night, 'ar')).not.toMatch(/[0-9]/);
    }
    // The payment and the balance.
    expect(page).toContain(`Payment (card), ${stayDate(today, 'en')}, approval code \u2066AB4567\u2069`);
    expect(page).toContain('رمز الموافقة \u2066AB٤٥٦٧\u2069');
    expect(page).toContain('-20.000');
    expect(page).toContain('Balance due');
    expect(page).toContain('الرصيد المستحق');
    expect(page).toContain('6.250');
    // One digit system per column: the Arabic column has no Latin digits, the English no Arabic-Indic.
    const arabic = [...page.matchAll(/<(div|span) [^>]*lang="ar"[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!);
    const english = [...page.matchAll(/<(div|span) [^>]*lang="en"[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!);
    expect(arabic.length).toBeGreaterThan(5);
    // The supplier's VAT number (set by the seed) in each column's digits.
    const { vat } = (await env.DB.prepare(`select vat_number as vat from tax_settings where id = 1`).first<{
      vat: string;
    }>())!;
    expect(vat).toMatch(/\d/);
    expect(page).toContain(`<bdi>${vat}</bdi>`);
    expect(page).toContain(
      `<bdi>${vat.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))}</bdi>`,
    );
    for (const part of arabic) expect(part.replace(/<[^>]*>/g, ''), part).not.toMatch(/[0-9]/);
    for (const part of english) expect(part.replace(/<[^>]*>/g, ''), part).not.toMatch(/[\u0660-\u0669]/);
  });
});
