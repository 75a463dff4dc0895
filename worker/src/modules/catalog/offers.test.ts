import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { offersShownToday } from './offers';
import { call, signUp } from '@worker-test/helpers';
import { adminCookie, staffCookie } from '@worker-test/builders';

/**
 * Offers: managed by staff, with validity windows in Asia/Muscat and the one price rule (a
 * booking made from an offer is charged what it shows). The site settings and maintenance mode
 * are site-settings.test.ts.
 */
let admin = '';
let staff = '';
let guest = '';

beforeAll(async () => {
  admin = await adminCookie();
  staff = await staffCookie();
  guest = (await signUp()).cookie;
});

type AdminOffer = {
  id: number;
  roomType: string;
  title: string;
  discount: number;
  isActive: boolean;
  validFrom: string | null;
  validTo: string | null;
  originalPriceBaisa: number;
  discountedPriceBaisa: number;
};

function offerBody(overrides: Record<string, unknown> = {}) {
  return {
    roomType: 'gold',
    title: 'Weekend Escape',
    titleAr: 'عطلة نهاية الأسبوع',
    description: 'Two nights for less.',
    descriptionAr: 'ليلتان بسعر أقل.',
    discount: 20,
    features: [{ ar: 'إفطار مجاني', en: 'Free breakfast' }],
    isBestSeller: false,
    theme: 'gold',
    validFrom: hotelToday(),
    validTo: null,
    isActive: true,
    ...overrides,
  };
}

async function createOffer(overrides: Record<string, unknown> = {}, cookie = staff) {
  return call('/api/admin/offers', { method: 'POST', json: offerBody(overrides), cookie, lang: 'en' });
}

async function publicOfferIds(): Promise<number[]> {
  const list = (await (await call('/api/offers')).json()) as { id: number }[];
  return list.map((o) => o.id);
}

describe('offers', () => {
  it('are managed by staff: signed out 401, guests 403', async () => {
    expect((await call('/api/admin/offers')).status).toBe(401);
    expect((await call('/api/admin/offers', { cookie: guest })).status).toBe(403);
    expect((await createOffer({}, guest)).status).toBe(403);
    expect((await call('/api/admin/offers', { cookie: staff })).status).toBe(200);
  });

  it("keep the spec's own prices for the demo offers; a staff offer is priced from the room and its discount", async () => {
    const offers = (await (await call('/api/offers')).json()) as {
      roomType: string;
      originalPriceBaisa: number;
      discountedPriceBaisa: number;
      nameEn: string;
    }[];
    expect(offers.length).toBeGreaterThanOrEqual(4);
    const spec: Record<string, [number, number]> = {
      silver: [13_566, 12_600],
      gold: [14_706, 13_200],
      diamond: [18_126, 16_200],
      deluxe: [19_266, 17_300],
    };
    for (const offer of offers.slice(0, 4)) {
      expect([offer.originalPriceBaisa, offer.discountedPriceBaisa]).toEqual(spec[offer.roomType]);
      expect(offer.nameEn).not.toMatch(/August/);
    }
    const res = await createOffer({ roomType: 'silver', discount: 16 });
    expect(res.status).toBe(201);
    const { offer } = (await res.json()) as { offer: AdminOffer };
    expect([offer.originalPriceBaisa, offer.discountedPriceBaisa]).toEqual([15_000, 12_600]);
    expect(
      (
        await call(`/api/admin/offers/${offer.id}/active`, {
          method: 'PATCH',
          json: { isActive: false },
          cookie: staff,
        })
      ).status,
    ).toBe(200);
  });

  it('charge a booking made from a demo offer what the offer shows', async () => {
    const today = hotelToday();
    const offers = (await (await call('/api/offers')).json()) as {
      roomType: string;
      discountedPriceBaisa: number;
    }[];
    const gold = offers.find((o) => o.roomType === 'gold')!;
    const res = await call('/api/booking-submissions', {
      method: 'POST',
      json: {
        fullName: 'Offer Guest',
        phoneNumber: '93771234',
        idNumber: '12345678',
        roomType: 'gold',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
        checkInDate: addDays(today, 90),
        checkOutDate: addDays(today, 92),
      },
      headers: { 'cf-connecting-ip': '10.9.200.7' },
    });
    expect(res.status).toBe(201);
    const { booking } = (await res.json()) as { booking: { totalPriceBaisa: number } };
    expect(booking.totalPriceBaisa).toBe(2 * gold.discountedPriceBaisa);
  });

  it('appear from their first day and disappear after their last, without anyone touching them', async () => {
    const today = hotelToday();
    const created = (await (await createOffer()).json()) as { offer: AdminOffer };
    const id = created.offer.id;
    expect(await publicOfferIds()).toContain(id);
    const listed = await call('/api/offers');
    expect(listed.headers.get('cache-control')).toBe('public, no-cache');
    const etag = listed.headers.get('etag')!;
    expect((await call('/api/offers', { headers: { 'if-none-match': etag } })).status).toBe(304);

    const ended = await call(`/api/admin/offers/${id}`, {
      method: 'PUT',
      json: offerBody({ validFrom: addDays(today, -7), validTo: addDays(today, -1) }),
      cookie: staff,
    });
    expect(ended.status).toBe(200);
    // A browser revalidating its copy is told the list changed.
    expect((await call('/api/offers', { headers: { 'if-none-match': etag } })).status).toBe(200);
    expect(await publicOfferIds()).not.toContain(id);

    const lastDay = await call(`/api/admin/offers/${id}`, {
      method: 'PUT',
      json: offerBody({ validFrom: addDays(today, -7), validTo: today }),
      cookie: staff,
    });
    expect(lastDay.status).toBe(200);
    expect(await publicOfferIds()).toContain(id);

    const later = await createOffer({ validFrom: addDays(today, 1) });
    const laterId = ((await later.json()) as { offer: AdminOffer }).offer.id;
    expect(await publicOfferIds()).not.toContain(laterId);

    // Staff still see every offer, with today's date in Asia/Muscat.
    const admin = (await (await call('/api/admin/offers', { cookie: staff })).json()) as {
      today: string;
      offers: AdminOffer[];
    };
    expect(admin.today).toBe(today);
    expect(admin.offers.map((o) => o.id)).toEqual(expect.arrayContaining([id, laterId]));
  });

  it('are honoured: a booking made today is charged the cheapest offer shown for its room', async () => {
    const today = hotelToday();
    let n = 0;
    const book = async () => {
      n += 1;
      const res = await call('/api/booking-submissions', {
        method: 'POST',
        json: {
          fullName: 'Offer Taker',
          phoneNumber: `9377000${n}`,
          idNumber: '12345678',
          roomType: 'silver',
          bedType: 'double',
          smokingPreference: 'non_smoking',
          numberOfGuests: 2,
          checkInDate: addDays(today, 40 + n * 3),
          checkOutDate: addDays(today, 42 + n * 3),
        },
        // Every other request with the offline outbox's key (the batch that also reads the stored answer).
        headers: {
          'cf-connecting-ip': `10.9.${n}.7`,
          ...(n % 2 === 0 ? { 'idempotency-key': crypto.randomUUID() } : {}),
        },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { booking: { totalPriceBaisa: number } }).booking.totalPriceBaisa;
    };
    // Two guests: the base occupancy, no extra-guest price.
    const night = (price: number) => 2 * price;
    // The demo silver offer (16 %) gives 12.600, the room's own price.
    expect(await book()).toBe(night(12_600));
    const created = await createOffer({ roomType: 'silver', discount: 40 });
    const { offer } = (await created.json()) as { offer: AdminOffer };
    expect(offer.discountedPriceBaisa).toBe(9_000);
    expect(await book()).toBe(night(9_000));
    expect(await book()).toBe(night(9_000));
    // An offer that has not started yet, or is switched off, is not charged.
    const off = await call(`/api/admin/offers/${offer.id}/active`, {
      method: 'PATCH',
      json: { isActive: false },
      cookie: staff,
    });
    expect(off.status).toBe(200);
    await createOffer({ roomType: 'silver', discount: 50, validFrom: addDays(today, 1) });
    expect(await book()).toBe(night(12_600));
  });

  it('count days in Asia/Muscat: at 00:30 in Muscat (20:30 UTC) yesterday has ended', async () => {
    const res = await createOffer({ validFrom: '2030-01-01', validTo: '2030-01-31' });
    const id = ((await res.json()) as { offer: AdminOffer }).offer.id;
    const db = drizzle(env.DB);
    const shown = async (iso: string) => (await offersShownToday(db, new Date(iso))).map((o) => o.id);
    // 31 January, 23:59 in Muscat: still on.
    expect(await shown('2030-01-31T19:59:00Z')).toContain(id);
    // 1 February, 00:30 in Muscat, while UTC still says 31 January: gone.
    expect(await shown('2030-01-31T20:30:00Z')).not.toContain(id);
    // 1 January, 00:01 in Muscat (31 December in UTC): on.
    expect(await shown('2029-12-31T20:01:00Z')).toContain(id);
    expect(await shown('2029-12-31T19:59:00Z')).not.toContain(id);
  });

  it('switch off and on, audited', async () => {
    const id = ((await (await createOffer()).json()) as { offer: AdminOffer }).offer.id;
    const off = await call(`/api/admin/offers/${id}/active`, {
      method: 'PATCH',
      json: { isActive: false },
      cookie: staff,
    });
    expect(off.status).toBe(200);
    expect(await publicOfferIds()).not.toContain(id);
    const on = await call(`/api/admin/offers/${id}/active`, {
      method: 'PATCH',
      json: { isActive: true },
      cookie: staff,
    });
    expect(on.status).toBe(200);
    expect(await publicOfferIds()).toContain(id);
    const log = (await (await call('/api/admin/audit-log', { cookie: admin })).json()) as {
      entries: { action: string; entityId: string | null }[];
    };
    const actions = log.entries.filter((e) => e.entityId === String(id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['offer.create', 'offer.deactivate', 'offer.activate']));
  });

  it('refuse impossible values and unknown ids', async () => {
    const bad = await createOffer({
      discount: 95,
      validFrom: '2030-02-10',
      validTo: '2030-02-01',
      roomType: 'penthouse',
      title: '',
    });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['discount', 'roomType', 'title']));
    const inverted = await createOffer({ validFrom: '2030-02-10', validTo: '2030-02-01' });
    expect(inverted.status).toBe(400);
    expect(((await inverted.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      validTo: 'The end of the offer cannot be before its start',
    });
    expect((await createOffer({ validTo: '2030-02-31' })).status).toBe(400);
    expect((await createOffer({ discount: '٢٥' })).status).toBe(201);

    const missing = await call('/api/admin/offers/999999', {
      method: 'PUT',
      json: offerBody(),
      cookie: staff,
    });
    expect(missing.status).toBe(404);
    const notAnId = await call('/api/admin/offers/abc/active', {
      method: 'PATCH',
      json: { isActive: true },
      cookie: staff,
    });
    expect(notAnId.status).toBe(400);
  });

  it("keep a demo offer's own prices while staff edit its text; a new discount prices it by the rule", async () => {
    const list = (await (await call('/api/admin/offers', { cookie: staff })).json()) as {
      offers: AdminOffer[];
    };
    const diamond = list.offers.find((o) => o.roomType === 'diamond' && o.originalPriceBaisa === 18_126)!;
    const body = (overrides: Record<string, unknown>) =>
      offerBody({
        roomType: 'diamond',
        theme: 'diamond',
        discount: diamond.discount,
        validFrom: null,
        validTo: null,
        ...overrides,
      });
    const retitled = await call(`/api/admin/offers/${diamond.id}`, {
      method: 'PUT',
      json: body({ title: 'Diamond weekend' }),
      cookie: staff,
    });
    expect(retitled.status).toBe(200);
    const kept = ((await retitled.json()) as { offer: AdminOffer }).offer;
    expect([kept.originalPriceBaisa, kept.discountedPriceBaisa]).toEqual([18_126, 16_200]);
    const repriced = await call(`/api/admin/offers/${diamond.id}`, {
      method: 'PUT',
      json: body({ discount: 20 }),
      cookie: staff,
    });
    const ruled = ((await repriced.json()) as { offer: AdminOffer }).offer;
    expect([ruled.originalPriceBaisa, ruled.discountedPriceBaisa]).toEqual([21_000, 16_800]);
  });

  it('reorder the whole list at once, and refuse a stale list', async () => {
    const list = (await (await call('/api/admin/offers', { cookie: staff })).json()) as {
      offers: AdminOffer[];
    };
    const ids = list.offers.map((o) => o.id);
    const reversed = ids.toReversed();
    const res = await call('/api/admin/offers/order', {
      method: 'PUT',
      json: { ids: reversed },
      cookie: staff,
    });
    expect(res.status).toBe(200);
    const after = (await (await call('/api/admin/offers', { cookie: staff })).json()) as {
      offers: AdminOffer[];
    };
    expect(after.offers.map((o) => o.id)).toEqual(reversed);

    const stale = await call('/api/admin/offers/order', {
      method: 'PUT',
      json: { ids: reversed.slice(1) },
      cookie: staff,
    });
    expect(stale.status).toBe(409);
    const duplicate = await call('/api/admin/offers/order', {
      method: 'PUT',
      json: { ids: [reversed[0], reversed[0]] },
      cookie: staff,
    });
    expect(duplicate.status).toBe(400);
  });
});
