import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_SURCHARGE_BAISA } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import { offersShownToday } from './offers';
import { call, entryCall, logIn, signUp } from '@worker-test/helpers';
import { webpBytes } from '@worker-test/image-bytes';

/**
 * Site settings (public read, admin write, audited), maintenance mode
 * (guest writes 503 + Retry-After, staff keep working), offers with validity
 * windows in Asia/Muscat and the one price rule.
 */
let admin = '';
let staff = '';
let guest = '';

beforeAll(async () => {
  admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  guest = (await signUp()).cookie;
});

type Settings = Record<string, unknown> & { contactPhone: string; maintenanceMode: boolean };

async function currentSettings(): Promise<Settings> {
  return (await (await call('/api/site-settings')).json()) as Settings;
}

function withoutStamp(s: Settings) {
  const { updatedAt: _stamp, ...rest } = s;
  return rest;
}

async function putSettings(body: unknown, cookie = admin, lang: 'ar' | 'en' = 'en') {
  return call('/api/admin/site-settings', { method: 'PUT', json: body, cookie, lang });
}

async function setMaintenance(on: boolean) {
  const res = await putSettings({ ...withoutStamp(await currentSettings()), maintenanceMode: on });
  expect(res.status).toBe(200);
}

describe('site settings', () => {
  it('are public and cached with revalidation, with the seeded contacts', async () => {
    const res = await call('/api/site-settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await call('/api/site-settings', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const body = (await res.json()) as Settings;
    expect(body).toMatchObject({ siteName: 'Al Maabila Hotel', maintenanceMode: false });
    expect(body.contactPhone).not.toBe('');
    expect(body.contactPhone).not.toContain('90000000');
  });

  it('are written only by admins: signed out 401, guests and staff 403', async () => {
    const body = withoutStamp(await currentSettings());
    expect((await putSettings(body, '')).status).toBe(401);
    expect((await putSettings(body, guest)).status).toBe(403);
    expect((await putSettings(body, staff)).status).toBe(403);
  });

  it('name the landing hero photo: admins set and unset it, staff cannot, a photo that is not a hero is refused', async () => {
    /** A small WebP upload as multipart (the device's fields), to `owner`, by `cookie`. */
    const uploadPhoto = async (owner: string, cookie: string) => {
      const bytes = webpBytes(480, 300);
      const body = new FormData();
      body.set('w480', new File([bytes], 'w480.webp'));
      body.set('width', '480');
      body.set('height', '300');
      const res = await call(`/api/admin/media?${owner}`, { method: 'POST', body, cookie });
      expect(res.status).toBe(201);
      return ((await res.json()) as { photo: { id: number; src: string } }).photo;
    };
    const before = await currentSettings();
    expect(before.heroMediaId).toBeNull();
    expect((before.heroPhoto as { src: string }).src).toMatch(/^\/images\/demo\/hero-1600\./);
    const hero = await uploadPhoto('ownerKind=site_hero&ownerId=hero', admin);
    const room = await uploadPhoto('ownerKind=room_type&ownerId=silver', staff);

    // Staff may not choose it (site settings are the admins').
    const body = withoutStamp(before);
    expect((await putSettings({ ...body, heroMediaId: hero.id }, staff)).status).toBe(403);
    // A photo that is not one of the hero photos, an unknown id, a text: refused field by field.
    for (const [heroMediaId, lang] of [
      [room.id, 'en'],
      [999_999, 'ar'],
      ['1', 'en'],
    ] as const) {
      const res = await putSettings({ ...body, heroMediaId }, admin, lang);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(error.fields.heroMediaId).toBe(
        lang === 'ar'
          ? 'صورة الواجهة المختارة غير موجودة، اختر صورة من صور الواجهة'
          : 'The chosen hero photo does not exist; choose one of the hero photos',
      );
    }
    expect((await currentSettings()).heroMediaId).toBeNull();

    // Set: the public settings answer the hotel's photo as the hero.
    const set = await putSettings({ ...body, heroMediaId: hero.id });
    expect(set.status).toBe(200);
    const after = await currentSettings();
    expect(after.heroMediaId).toBe(hero.id);
    expect(after.heroPhoto).toMatchObject({ id: hero.id, src: hero.src });
    // Left out, it stays; null unsets it (the demo picture again).
    expect((await putSettings({ ...withoutStamp(after), heroMediaId: undefined })).status).toBe(200);
    expect((await currentSettings()).heroMediaId).toBe(hero.id);
    expect((await putSettings({ ...body, heroMediaId: null })).status).toBe(200);
    const unset = await currentSettings();
    expect(unset.heroMediaId).toBeNull();
    expect((unset.heroPhoto as { id: number }).id).toBeLessThan(0);

    // Deleting the chosen photo unsets it too.
    expect((await putSettings({ ...body, heroMediaId: hero.id })).status).toBe(200);
    expect((await call(`/api/admin/media/${hero.id}`, { method: 'DELETE', cookie: admin })).status).toBe(200);
    expect((await currentSettings()).heroMediaId).toBeNull();
    await call(`/api/admin/media/${room.id}`, { method: 'DELETE', cookie: staff });
  });

  it('saves a new phone (Arabic-Indic digits accepted) and audits before and after in one write', async () => {
    const before = await currentSettings();
    const etag = (await call('/api/site-settings')).headers.get('etag')!;
    const res = await putSettings({
      ...withoutStamp(before),
      contactPhone: '+968 ٢٤٤٥ ٩٩٩٩',
      checkInTime: '١٥:٠٠',
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { settings: Settings };
    expect(saved.settings).toMatchObject({ contactPhone: '+968 2445 9999', checkInTime: '15:00' });
    expect(await currentSettings()).toMatchObject({ contactPhone: '+968 2445 9999' });
    // A browser holding the old copy gets the new one, not a 304.
    expect((await call('/api/site-settings', { headers: { 'if-none-match': etag } })).status).toBe(200);

    const log = (await (await call('/api/admin/audit-log', { cookie: admin })).json()) as {
      entries: { action: string; before: Settings | null; after: Settings | null }[];
    };
    const line = log.entries.find((e) => e.action === 'site_settings.update');
    expect(line?.before?.contactPhone).toBe(before.contactPhone);
    expect(line?.after?.contactPhone).toBe('+968 2445 9999');
  });

  it('refuses bad values field by field in the caller language, and changes nothing', async () => {
    const before = await currentSettings();
    const res = await putSettings(
      {
        ...withoutStamp(before),
        contactEmail: 'not-an-email',
        mapUrl: 'javascript:alert(1)',
        checkOutTime: '25:00',
        socialLinks: [{ platform: 'myspace', url: 'http://example.com' }],
        siteNameAr: '   ',
      },
      admin,
      'ar',
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields).sort()).toEqual(
      [
        'checkOutTime',
        'contactEmail',
        'mapUrl',
        'siteNameAr',
        'socialLinks.0.platform',
        'socialLinks.0.url',
      ].sort(),
    );
    expect(body.error.fields.mapUrl).toMatch(/[\u0600-\u06ff]/);
    expect(await currentSettings()).toEqual(before);

    const missing = await putSettings({ siteName: 'x' });
    expect(missing.status).toBe(400);
    const garbage = await call('/api/admin/site-settings', {
      method: 'PUT',
      cookie: admin,
      headers: { 'content-type': 'application/json' },
      body: '{"siteName": ',
    });
    expect(garbage.status).toBe(400);
  });
});

describe('maintenance mode', () => {
  it('refuses every guest write with 503 and Retry-After; reads, sign-in and staff keep working', async () => {
    await setMaintenance(true);
    try {
      expect((await currentSettings()).maintenanceMode).toBe(true);

      const anonymous = await call('/api/location-sharing-submissions', {
        method: 'POST',
        json: { participantPhone: '+968 9555 0101' },
        lang: 'en',
      });
      expect(anonymous.status).toBe(503);
      expect(anonymous.headers.get('retry-after')).toBe('900');
      expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('maintenance');

      const signedInGuest = await call('/api/location-sharing-submissions', {
        method: 'POST',
        json: { participantPhone: '+968 9555 0103' },
        cookie: guest,
      });
      expect(signedInGuest.status).toBe(503);
      const register = await call('/api/auth/register', {
        method: 'POST',
        json: { fullName: 'Late Guest', email: 'late@example.com', password: 'secret-123' },
        lang: 'ar',
      });
      expect(register.status).toBe(503);
      expect(((await register.json()) as { error: { message: string } }).error.message).toMatch(
        /[\u0600-\u06ff]/,
      );

      // Reads and signing in still work.
      expect((await call('/api/rooms')).status).toBe(200);
      const staffAgain = await logIn('staff@example.com', 'change-me-staff');
      expect(staffAgain.res.status).toBe(200);

      // Staff keep working: an inventory change goes through.
      const inventory = (await (await call('/api/room-inventory')).json()) as {
        roomType: string;
        availableCount: number;
      }[];
      const silver = inventory.find((r) => r.roomType === 'silver')!;
      const write = await call('/api/room-inventory/silver', {
        method: 'PUT',
        json: { availableCount: silver.availableCount },
        cookie: staff,
      });
      expect(write.status).toBe(200);
    } finally {
      await setMaintenance(false);
    }
    const after = await entryCall('/api/location-sharing-submissions', {
      method: 'POST',
      json: { participantPhone: '+968 9555 0102' },
    });
    expect(after.status).toBe(201);
  });
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
    const night = (price: number) => 2 * (price + GUEST_SURCHARGE_BAISA[2]);
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

type AdminService = {
  id: number;
  slug: string;
  category: string;
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  distanceMeters: number | null;
  walkMinutes: number | null;
  contact: Record<string, string>;
  isActive: boolean;
};

describe('services', () => {
  async function list(cookie = staff) {
    return ((await (await call('/api/admin/services', { cookie })).json()) as { services: AdminService[] })
      .services;
  }
  function body(s: AdminService, overrides: Record<string, unknown> = {}) {
    const { id: _id, slug: _slug, ...rest } = s as AdminService & { menuImages?: unknown };
    delete (rest as { menuImages?: unknown }).menuImages;
    return { ...rest, ...overrides };
  }

  it('are edited by staff only: signed out 401, guests 403', async () => {
    expect((await call('/api/admin/services')).status).toBe(401);
    expect((await call('/api/admin/services', { cookie: guest })).status).toBe(403);
    const [first] = await list();
    const res = await call(`/api/admin/services/${first!.id}`, {
      method: 'PUT',
      json: body(first!),
      cookie: guest,
    });
    expect(res.status).toBe(403);
  });

  it('save names, distance and contacts; the services panel shows them; audited', async () => {
    const thai = (await list()).find((s) => s.slug === 'thai-restaurant')!;
    const res = await call(`/api/admin/services/${thai.id}`, {
      method: 'PUT',
      cookie: staff,
      json: body(thai, {
        nameEn: 'Thai Orchid Kitchen',
        distanceMeters: '٧٥٠',
        walkMinutes: 9,
        contact: { phone: '+968 2455 1212', whatsapp: '', mapUrl: 'https://maps.example.com/thai' },
      }),
    });
    expect(res.status).toBe(200);
    const panel = (await (await call('/api/services')).json()) as {
      slug: string;
      nameEn: string;
      distanceMeters: number;
      contact: Record<string, string>;
    }[];
    const shown = panel.find((s) => s.slug === 'thai-restaurant')!;
    expect(shown).toMatchObject({ nameEn: 'Thai Orchid Kitchen', distanceMeters: 750 });
    expect(shown.contact).toEqual({ phone: '+968 2455 1212', mapUrl: 'https://maps.example.com/thai' });
    const log = (await (await call('/api/admin/audit-log', { cookie: admin })).json()) as {
      entries: { action: string; entityId: string; before: { nameEn: string } | null }[];
    };
    const line = log.entries.find((e) => e.action === 'service.update' && e.entityId === String(thai.id));
    expect(line?.before?.nameEn).toBe(thai.nameEn);
  });

  it('refuse bad values and unknown ids', async () => {
    const [first] = await list();
    const bad = await call(`/api/admin/services/${first!.id}`, {
      method: 'PUT',
      cookie: staff,
      lang: 'ar',
      json: body(first!, {
        category: 'casino',
        nameAr: '',
        distanceMeters: -5,
        contact: { mapUrl: 'javascript:alert(1)', phone: '12' },
      }),
    });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(
      ['category', 'contact.mapUrl', 'contact.phone', 'distanceMeters', 'nameAr'].sort(),
    );
    const missing = await call('/api/admin/services/999999', {
      method: 'PUT',
      cookie: staff,
      json: body(first!),
    });
    expect(missing.status).toBe(404);
  });
});
