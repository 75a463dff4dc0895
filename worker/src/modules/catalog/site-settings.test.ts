import { beforeAll, describe, expect, it } from 'vitest';
import { call, entryCall, logIn, signUp } from '@worker-test/helpers';
import { webpBytes } from '@worker-test/image-bytes';

/**
 * Site settings (public read, admin write, audited), maintenance mode
 * (guest writes 503 + Retry-After, staff keep working) and the services panel's entries.
 * Offers, with their validity windows and the one price rule, are offers.test.ts.
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
