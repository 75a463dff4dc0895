import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChainHotel } from '@shared/chain-schemas';
import { call, logIn } from '@worker-test/helpers';
import { webpBytes } from '@worker-test/image-bytes';
import { atHotel, MUSCAT, SALALAH, setUpSalalah, staffAt } from '@worker-test/chain';
import { chainHotels, forgetHotels, hotelEnv } from '../../platform/hotels';

/**
 * Which hotel a request is for (docs/decisions/103): development's `X-Hotel`, the host name, the
 * default hotel; each hotel's own database, files under its R2 prefix, live inbox objects and cached
 * answers. Muscat is the default hotel (the binding DB), Salalah a second one (DB_SALALAH).
 */

beforeAll(setUpSalalah);

const siteName = async (res: Response) => ((await res.json()) as { siteName: string }).siteName;

describe('the hotel of a request', () => {
  it('is the default hotel without a header or a known host, and X-Hotel’s in development', async () => {
    expect(await siteName(await call('/api/site-settings'))).not.toBe('Salalah Beach Hotel');
    expect(await siteName(await atHotel(SALALAH, '/api/site-settings'))).toBe('Salalah Beach Hotel');
    expect(
      await siteName(await atHotel(MUSCAT, '/api/site-settings', { headers: { 'x-hotel': MUSCAT } })),
    ).not.toBe('Salalah Beach Hotel');
  });

  it('is chosen by the host name, as in production', async () => {
    const res = await call('/api/site-settings', { origin: 'http://salalah.localhost:8787' });
    expect(await siteName(res)).toBe('Salalah Beach Hotel');
  });

  it('ignores X-Hotel in production (only the host chooses there)', async () => {
    const production = { ...env, ENVIRONMENT: 'production' as const };
    const res = await call('/api/site-settings', { env: production, headers: { 'x-hotel': SALALAH } });
    expect(res.status).toBe(200);
    expect(await siteName(res)).not.toBe('Salalah Beach Hotel');
  });

  it('answers 404 hotel_unknown in the request’s language to a code the chain does not have', async () => {
    const en = await call('/api/site-settings', { headers: { 'x-hotel': 'nizwa' }, lang: 'en' });
    expect(en.status).toBe(404);
    expect(await en.json()).toMatchObject({
      error: { code: 'hotel_unknown', message: 'No hotel of the chain has this code' },
    });
    const ar = await call('/api/site-settings', { headers: { 'x-hotel': 'nizwa' }, lang: 'ar' });
    expect(((await ar.json()) as { error: { message: string } }).error.message).toBe(
      'لا يوجد فندق في السلسلة بهذا الرمز',
    );
  });

  it('lists the chain’s hotels with where each is served', async () => {
    const res = await call('/api/hotels');
    expect(res.status).toBe(200);
    const { hotels } = (await res.json()) as { hotels: ChainHotel[] };
    expect(hotels.map((h) => h.code)).toEqual([MUSCAT, SALALAH]);
    expect(hotels[0]).toMatchObject({ nameEn: 'Al Maabila Hotel', cityEn: 'Muscat', current: true });
    expect(hotels[1]).toMatchObject({
      nameAr: 'فندق شاطئ صلالة',
      host: 'salalah.localhost',
      origin: 'http://salalah.localhost:8787',
      current: false,
    });
  });
});

describe('a hotel registered before its binding is deployed', () => {
  it('is not listed, and a request for it is 503 hotel_unavailable', async () => {
    await env
      .CHAIN_DB!.prepare(
        `INSERT INTO hotels (code, name_ar, name_en, binding, r2_prefix, hosts, sort_order)
         VALUES ('sur', 'فندق صور', 'Sur Hotel', 'DB_SUR', 'hotels/sur/', '["sur.localhost"]', 5)`,
      )
      .run();
    forgetHotels();
    try {
      const res = await call('/api/site-settings', { headers: { 'x-hotel': 'sur' }, lang: 'en' });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 'hotel_unavailable' } });
      const { hotels } = (await (await call('/api/hotels')).json()) as { hotels: ChainHotel[] };
      expect(hotels.map((h) => h.code)).toEqual([MUSCAT, SALALAH]);
    } finally {
      await env.CHAIN_DB!.prepare("DELETE FROM hotels WHERE code = 'sur'").run();
      forgetHotels();
    }
  });
});

describe('what is each hotel’s own', () => {
  it('keeps a hotel’s files under its prefix, served by that hotel only', async () => {
    const staff = await staffAt(SALALAH, { role: 'staff' });
    const body = new FormData();
    for (const [name, size] of [
      ['w480', 64],
      ['w960', 96],
      ['w1600', 128],
    ] as const) {
      body.set(name, new File([webpBytes(480, 320, size)], `${name}.bin`));
    }
    for (const [k, v] of Object.entries({ width: '1600', height: '1000', altAr: 'غرفة', altEn: 'Room' })) {
      body.set(k, v);
    }
    const res = await atHotel(SALALAH, '/api/admin/media?ownerKind=room_type&ownerId=silver', {
      method: 'POST',
      body,
      cookie: staff.cookie,
    });
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as { photo: { src: string } };
    const file = photo.src.replace(/^\/media\//, '');
    // In the bucket under Salalah's prefix, and nowhere else.
    expect(await env.IMAGES.head(`hotels/salalah/media/${file}`)).not.toBeNull();
    expect(await env.IMAGES.head(`media/${file}`)).toBeNull();
    expect((await atHotel(SALALAH, photo.src)).status).toBe(200);
    expect((await call(photo.src)).status).toBe(404);
    // Salalah's bucket lists its own keys, without its prefix.
    const salalah = hotelEnv(
      env,
      (await chainHotels(env)).find((h) => h.code === SALALAH)!,
    )!;
    const listed = await salalah.IMAGES.list({ prefix: 'media/' });
    expect(listed.objects.map((o) => o.key)).toContain(`media/${file}`);
  });

  it('gives each hotel its own live inbox object', async () => {
    const salalah = hotelEnv(
      env,
      (await chainHotels(env)).find((h) => h.code === SALALAH)!,
    )!;
    const muscatId = env.CONVERSATION_HUB!.idFromName('hotel').toString();
    const salalahId = salalah.CONVERSATION_HUB!.idFromName('hotel').toString();
    expect(salalahId).not.toBe(muscatId);
    expect(salalahId).toBe(env.CONVERSATION_HUB!.idFromName('salalah:hotel').toString());
  });

  it('keeps each hotel’s cached public answers apart', async () => {
    const types = async (code: string) => (await atHotel(code, '/api/room-types?lang=en')).text();
    const before = await types(MUSCAT);
    await env.DB_SALALAH.prepare("UPDATE rooms SET name = 'Khareef Suite' WHERE room_type = 'silver'").run();
    await env.DB_SALALAH.prepare(
      "UPDATE change_counters SET version = version + 1 WHERE resource = 'content'",
    ).run();
    // The isolate trusts a counter it read for a few seconds: a write through it forgets them.
    const admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
    await call('/api/auth/logout', { method: 'POST', cookie: admin });
    expect(await types(SALALAH)).toContain('Khareef Suite');
    expect(await types(MUSCAT)).toBe(before);
  });
});
