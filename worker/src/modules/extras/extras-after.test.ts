import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { call, runCron } from '@worker-test/helpers';
import {
  book,
  grantCookie,
  json,
  markCheckedIn,
  one,
  rows,
  setBookingStatus,
  staffCookie,
  stays,
  uniquePhone,
} from '@worker-test/builders';
import {
  OFFERS,
  bought,
  buy,
  extraLinesOf,
  makeOffer,
  manager,
  offersOf,
  type Refusal,
} from '@worker-test/extras';
import { drizzle } from 'drizzle-orm/d1';
import { deliverWhatsApp } from '../whatsapp';

/**
 * The extras after they are bought (docs/decisions/098-stay-extras.md): the desk's answer to a
 * request (posted once however many approve it at once; declined with a reason; expired unanswered
 * at arrival), a cancelled stay's extras corrected on its folio, the day's revenue by kind and the
 * offers report, the WhatsApp message and the e-mails that bring the guest to them.
 */

const stay = stays({ from: 500, every: 3, nights: 2 });
const silver = (over: Record<string, unknown> = {}) => book({ roomType: 'silver', ...over }, { stay });
/** The stay arrived: approved by the desk and checked in. */
async function arrived(b: { id: number }) {
  await setBookingStatus(b.id, 'approved');
  await markCheckedIn(b.id);
}

describe('a request the desk answers', () => {
  it('waits for the desk; two approvals at once post it once; a late check-out sets the stay’s hour', async () => {
    const offer = await makeOffer(OFFERS.late);
    const b = await silver();
    const purchase = await bought(
      b.id,
      { extraId: offer.id, details: { time: '18:00' } },
      await grantCookie(b),
    );
    expect(purchase).toMatchObject({ status: 'requested', totalBaisa: 10_000 });
    expect(await extraLinesOf(b.id)).toEqual([]);
    const waiting = await json<{ purchases: { id: number }[] }>(
      await call('/api/admin/extra-purchases', { cookie: await staffCookie() }),
    );
    expect(waiting.purchases.map((p) => p.id)).toContain(purchase.id);
    const staff = await staffCookie();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(`/api/admin/extra-purchases/${purchase.id}/approve`, {
          method: 'POST',
          cookie: staff,
          lang: 'en',
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const lines = await extraLinesOf(b.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ department: 'late_checkout', amount_baisa: 10_000 });
    expect(
      (await one<{ departure_time: string }>(
        'select departure_time from booking_submissions where id = ?',
        b.id,
      ))!.departure_time,
    ).toBe('18:00');
    const declineAfter = await call(`/api/admin/extra-purchases/${purchase.id}/decline`, {
      method: 'POST',
      cookie: staff,
      json: { reason: 'Full' },
    });
    expect(declineAfter.status).toBe(409);
  });

  it('a declined request says why; one unanswered by arrival expires and frees its place', async () => {
    const offer = await makeOffer({ ...OFFERS.early, instant: false, dailyCap: 1 });
    const a = await silver();
    const staff = await staffCookie();
    const first = await bought(a.id, { extraId: offer.id }, await grantCookie(a));
    expect(first.status).toBe('requested');
    const noReason = await call(`/api/admin/extra-purchases/${first.id}/decline`, {
      method: 'POST',
      cookie: staff,
      lang: 'ar',
      json: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const declined = await call(`/api/admin/extra-purchases/${first.id}/decline`, {
      method: 'POST',
      cookie: staff,
      json: { reason: 'Fully booked that morning' },
    });
    expect(declined.status).toBe(200);
    const list = await json<{ purchases: { status: string; declineReason: string }[] }>(
      await call(`/api/booking-submissions/${a.id}/purchases`, { cookie: await grantCookie(a) }),
    );
    expect(list.purchases[0]).toMatchObject({
      status: 'declined',
      declineReason: 'Fully booked that morning',
    });
    // A second stay on the same day: its request holds the one place, until it expires at arrival.
    const b = await book({ roomType: 'silver', checkInDate: a.checkInDate, checkOutDate: a.checkOutDate });
    const c = await book({ roomType: 'silver', checkInDate: a.checkInDate, checkOutDate: a.checkOutDate });
    const held = await bought(b.id, { extraId: offer.id }, await grantCookie(b));
    const full = await buy(c.id, { extraId: offer.id }, await grantCookie(c));
    expect(full.status).toBe(409);
    expect((await json<Refusal>(full)).error.code).toBe('extra_cap_reached');
    await arrived(b);
    const late = await call(`/api/admin/extra-purchases/${held.id}/approve`, {
      method: 'POST',
      cookie: staff,
    });
    expect(late.status).toBe(409);
    expect((await json<Refusal>(late)).error.code).toBe('extra_request_expired');
    expect(
      (await one<{ status: string }>('select status from extra_purchases where id = ?', held.id))!.status,
    ).toBe('expired');
    // Its place is free again.
    expect((await buy(c.id, { extraId: offer.id }, await grantCookie(c))).status).toBe(201);
  });

  it('the hourly cron expires the requests whose stay has arrived', async () => {
    const offer = await makeOffer({ ...OFFERS.transfer, instant: false });
    const b = await silver();
    const p = await bought(
      b.id,
      { extraId: offer.id, details: { flightNumber: 'EK 864', time: '02:15' } },
      await grantCookie(b),
    );
    expect(p.status).toBe('requested');
    await arrived(b);
    await runCron('5 * * * *');
    expect(
      (await one<{ status: string }>('select status from extra_purchases where id = ?', p.id))!.status,
    ).toBe('expired');
  });
});

describe('a stay cancelled, and what the hotel sees', () => {
  it('cancelling the stay cancels its extras and corrects their charges: the folio ends at zero', async () => {
    const upgrade = await makeOffer(OFFERS.upgrade);
    const transfer = await makeOffer(OFFERS.transfer);
    const b = await silver();
    const cookie = await grantCookie(b);
    await bought(b.id, { extraId: upgrade.id }, cookie);
    await bought(b.id, { extraId: transfer.id, details: { flightNumber: 'WY 102', time: '10:30' } }, cookie);
    const cancel = await call(`/api/booking-submissions/${b.id}/status`, {
      method: 'PATCH',
      cookie,
      json: { status: 'cancelled' },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const statuses = await rows<{ status: string }>(
      'select status from extra_purchases where booking_id = ?',
      b.id,
    );
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    const lines = await extraLinesOf(b.id);
    expect(lines.filter((l) => l.kind === 'correction')).toHaveLength(3);
    expect(
      (await one<{ folio_balance_baisa: number }>(
        'select folio_balance_baisa from booking_submissions where id = ?',
        b.id,
      ))!.folio_balance_baisa,
    ).toBe(0);
  });

  it('the day’s report and the flash give the extras’ revenue by kind; the offers report counts shown, bought and declined by channel', async () => {
    const cookie = await manager();
    const today = hotelToday();
    const upgrade = await makeOffer({ ...OFFERS.upgrade, nameEn: 'Report upgrade' });
    const late = await makeOffer({ ...OFFERS.late, nameEn: 'Report late' });
    const before = await json<{ extrasRevenueBaisa: Record<string, number> }>(
      await call(`/api/admin/day-close/${today}`, { cookie }),
    );
    const a = await silver();
    const b = await silver();
    await offersOf(a.id, await grantCookie(a), 'whatsapp');
    await offersOf(b.id, await grantCookie(b));
    await bought(a.id, { extraId: upgrade.id, channel: 'whatsapp' }, await grantCookie(a));
    const req = await bought(b.id, { extraId: late.id }, await grantCookie(b));
    await call(`/api/admin/extra-purchases/${req.id}/decline`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: { reason: 'No' },
    });
    const report = await json<{ extrasRevenueBaisa: Record<string, number> }>(
      await call(`/api/admin/day-close/${today}`, { cookie }),
    );
    const upgradeNet = (await extraLinesOf(a.id)).reduce((s, l) => s + l.net_baisa, 0);
    expect(report.extrasRevenueBaisa.upgrade).toBe((before.extrasRevenueBaisa.upgrade ?? 0) + upgradeNet);
    const flash = await json<{ extrasRevenueBaisa: Record<string, number> }>(
      await call(`/api/admin/reports/flash?date=${today}`, { cookie }),
    );
    expect(flash.extrasRevenueBaisa).toEqual(report.extrasRevenueBaisa);
    const offers = await json<{
      rows: {
        extraId: number;
        channel: string;
        shown: number;
        bought: number;
        declined: number;
        conversion: number | null;
      }[];
    }>(await call(`/api/admin/reports/extras?from=${today}&to=${today}`, { cookie }));
    expect(offers.rows.find((r) => r.extraId === upgrade.id && r.channel === 'whatsapp')).toMatchObject({
      shown: 1,
      bought: 1,
      conversion: 1,
    });
    expect(offers.rows.find((r) => r.extraId === late.id && r.channel === 'app')).toMatchObject({
      shown: 1,
      bought: 0,
      declined: 1,
      conversion: 0,
    });
    const csv = await call(`/api/admin/reports/extras?from=${today}&to=${today}&format=csv`, {
      cookie,
      lang: 'ar',
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('رابط واتساب');
    const badRange = await call(`/api/admin/reports/extras?from=${today}&to=${addDays(today, -1)}`, {
      cookie,
    });
    expect(badRange.status).toBe(400);
  });
});

describe('the WhatsApp message before arrival', () => {
  /** The next 12:00 in Muscat (UTC+4), a day on: outside the quiet hours, far from any other delivery. */
  const noonAhead = () => {
    const d = new Date();
    let at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 8, 0);
    while (at <= d.getTime()) at += 24 * 3600_000;
    return new Date(at);
  };
  const sentTo = async (phone: string) =>
    (
      await json<{ to: string; template: { name: string; language: string; parameters: string[] } | null }[]>(
        await call('/api/dev/whatsapp/sent'),
      )
    ).filter((s) => s.to === `+${phone}`);

  it('goes once, three days before arrival, to a guest who opted in, with the signed link to the stay’s extras', async () => {
    await makeOffer(OFFERS.transfer);
    const refreshed = await call('/api/admin/whatsapp/templates/refresh', {
      method: 'POST',
      cookie: await staffCookie(),
    });
    expect(refreshed.status).toBe(200);
    const at = noonAhead();
    const arrival = addDays(hotelToday(at), 3);
    const yes = uniquePhone();
    const no = uniquePhone();
    const optedIn = await book(
      { phoneNumber: yes, whatsappOptIn: true, checkInDate: arrival, checkOutDate: addDays(arrival, 2) },
      { lang: 'ar' },
    );
    const notOptedIn = await book({
      phoneNumber: no,
      checkInDate: arrival,
      checkOutDate: addDays(arrival, 2),
    });
    for (const b of [optedIn, notOptedIn]) {
      const res = await call(`/api/booking-submissions/${b.id}/status`, {
        method: 'PATCH',
        cookie: await staffCookie(),
        json: { status: 'approved' },
        // The approval's own delivery off: only the test's delivery, at its chosen instant, sends.
        env: { ...env, WHATSAPP: 'off' } as typeof env,
      });
      expect(res.status).toBe(200);
    }
    await deliverWhatsApp(env, drizzle(env.DB), at);
    await deliverWhatsApp(env, drizzle(env.DB), new Date(at.getTime() + 10 * 60_000));
    const offers = (await sentTo(yes)).filter((s) => s.template?.name === 'stay_extras');
    expect(offers).toHaveLength(1);
    expect(offers[0]!.template!.language).toBe('ar');
    const link = offers[0]!.template!.parameters[2]!;
    expect(link).toMatch(new RegExp(`/booking/${optedIn.reference}/extras\\?t=[^&]+&via=whatsapp$`));
    expect((await sentTo(no)).filter((s) => s.template?.name === 'stay_extras')).toEqual([]);
    // The link opens the stay's extras on a phone that never saw the booking: its token grants it.
    const url = new URL(link);
    const opened = await call('/api/bookings/link', {
      method: 'POST',
      json: { reference: optedIn.reference, token: url.searchParams.get('t') },
    });
    expect(opened.status).toBe(200);
    const grant = opened.headers
      .getSetCookie()
      .find((c) => c.startsWith('booking_grants='))!
      .split(';')[0]!;
    expect((await offersOf(optedIn.id, grant, 'whatsapp')).length).toBeGreaterThan(0);
  });
});

describe('the booking’s e-mails', () => {
  it('the approval links to the stay’s extras with the signed link', async () => {
    const email = `extras-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const b = await silver({ email });
    await setBookingStatus(b.id, 'approved');
    let text = '';
    for (const end = Date.now() + 10_000; Date.now() < end && !text;) {
      const mails = await json<{ subject: string; text: string }[]>(
        await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`),
      );
      text = mails.find((m) => m.text.includes('/extras?t='))?.text ?? '';
      if (!text) await new Promise((r) => setTimeout(r, 100));
    }
    expect(text).toMatch(new RegExp(`/booking/${b.reference}/extras\\?t=[^&\\s]+&lang=`));
  });
});

describe('an extra paid online', () => {
  it('where the plan takes a deposit, its guest pays it at the provider, posted once; paid, it is not paid again', async () => {
    const offer = await makeOffer({ ...OFFERS.transfer, nameEn: 'Paid transfer' });
    const b = await silver();
    await env.DB.prepare(
      `update booking_submissions set deposit_rule = '{"kind":"first_night"}' where id = ?`,
    )
      .bind(b.id)
      .run();
    const cookie = await grantCookie(b);
    const purchase = await bought(
      b.id,
      { extraId: offer.id, details: { flightNumber: 'WY 102', time: '10:30' } },
      cookie,
    );
    expect(purchase.payOnline).toBe(true);
    const opened = await call(`/api/booking-submissions/${b.id}/purchases/${purchase.id}/payment`, {
      method: 'POST',
      cookie,
    });
    expect(opened.status, await opened.clone().text()).toBe(201);
    const { checkoutUrl, amountBaisa } = await json<{ checkoutUrl: string; amountBaisa: number }>(opened);
    expect(amountBaisa).toBe(12_000);
    const providerSessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
    const paid = await call(`/api/dev/payments/${providerSessionId}/complete`, {
      method: 'POST',
      json: { outcome: 'paid' },
    });
    expect(paid.status).toBe(200);
    const list = await json<{ purchases: { id: number; paid: boolean }[] }>(
      await call(`/api/booking-submissions/${b.id}/purchases`, { cookie }),
    );
    expect(list.purchases.find((p) => p.id === purchase.id)).toMatchObject({ paid: true });
    const payments = await rows<{ amount_baisa: number }>(
      `select amount_baisa from folio_lines where booking_id = ? and kind = 'payment' and method = 'online'`,
      b.id,
    );
    expect(payments).toEqual([{ amount_baisa: 12_000 }]);
    expect(
      (await one<{ folio_balance_baisa: number }>(
        'select folio_balance_baisa from booking_submissions where id = ?',
        b.id,
      ))!.folio_balance_baisa,
    ).toBe(0);
    const again = await call(`/api/booking-submissions/${b.id}/purchases/${purchase.id}/payment`, {
      method: 'POST',
      cookie,
      lang: 'en',
    });
    expect(again.status).toBe(409);
    expect((await json<Refusal>(again)).error.code).toBe('extra_already_paid');
    // Another stay's purchase is not this stay's to pay.
    const other = await silver();
    const theirs = await call(`/api/booking-submissions/${other.id}/purchases/${purchase.id}/payment`, {
      method: 'POST',
      cookie: await grantCookie(other),
    });
    expect(theirs.status).toBe(404);
  });
});
