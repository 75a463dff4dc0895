import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const call = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://127.0.0.1:8787${path}`, init));

describe('health', () => {
  it('answers ok after querying D1', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });
});

describe('catalogue', () => {
  it('lists the four room tiers in order with prices in baisa and both languages', async () => {
    const res = await call('/api/rooms');
    expect(res.status).toBe(200);
    const rooms = (await res.json()) as Array<Record<string, unknown>>;
    expect(rooms.map((r) => r.roomType)).toEqual(['silver', 'gold', 'diamond', 'deluxe']);
    expect(rooms.map((r) => [r.originalPriceBaisa, r.discountedPriceBaisa])).toEqual([
      [15_000, 12_600],
      [18_000, 13_200],
      [21_000, 16_200],
      [25_000, 17_300],
    ]);
    for (const room of rooms) {
      expect(room.nameAr).toMatch(/[\u0600-\u06ff]/);
      expect(room.nameEn).toMatch(/[A-Za-z]/);
    }
  });

  it("lists the offers with the spec's own prices, deluxe the best seller", async () => {
    const offers = (await (await call('/api/offers')).json()) as Array<Record<string, unknown>>;
    // Spec section 9 set (b): the offers' own originals, the rooms' discounted prices (migration 0023).
    expect(offers.map((o) => [o.roomType, o.originalPriceBaisa, o.discountedPriceBaisa])).toEqual([
      ['silver', 13_566, 12_600],
      ['gold', 14_706, 13_200],
      ['diamond', 18_126, 16_200],
      ['deluxe', 19_266, 17_300],
    ]);
    expect(offers.filter((o) => o.isBestSeller).map((o) => o.roomType)).toEqual(['deluxe']);
    // Arabic copy writes its numbers in Arabic-Indic digits ("اكسب ٥ نقاط").
    const arabic = offers.flatMap((o) => (o.features as { ar: string }[]).map((f) => f.ar));
    expect(arabic).toContain('اكسب ٥ نقاط ولاء عن كل إقامة');
    expect(arabic.filter((text) => /[0-9]/.test(text))).toEqual([]);
  });

  it('lists two restaurants and a spa as active, transport and shopping as placeholders', async () => {
    const services = (await (await call('/api/services')).json()) as Array<Record<string, unknown>>;
    const active = services.filter((s) => s.isActive).map((s) => s.category);
    expect(active.sort()).toEqual(['restaurant', 'restaurant', 'spa']);
    const inactive = new Set(services.filter((s) => !s.isActive).map((s) => s.category));
    expect(inactive).toEqual(new Set(['transport', 'shopping']));
  });

  it('lists the three VIP cards with the spec allowances', async () => {
    const cards = (await (await call('/api/vip-cards')).json()) as Array<Record<string, unknown>>;
    expect(cards.map((c) => [c.id, c.priceBaisa, c.freeCoffees, c.freeNights])).toEqual([
      ['silver', 50_000, 15, 1],
      ['gold', 100_000, 22, 3],
      ['elite', 150_000, 30, 5],
    ]);
  });
});

describe('errors', () => {
  it('answers an unknown API path with the JSON 404 shape in the request language', async () => {
    const ar = await call('/api/nope');
    expect(ar.status).toBe(404);
    expect(await ar.json()).toMatchObject({
      error: { code: 'route_not_found', message: 'هذا المسار غير موجود' },
    });
    const en = await call('/api/nope', { headers: { 'Accept-Language': 'en' } });
    expect(await en.json()).toMatchObject({ error: { message: 'This API route does not exist' } });
  });

  it('sends the security headers', async () => {
    const res = await call('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
