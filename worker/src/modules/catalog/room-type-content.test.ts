import { beforeAll, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { addRoomType, familySuite as familySuiteType, json, staffCookie } from '@worker-test/builders';
import { call } from '@worker-test/helpers';

/**
 * Content of a room type an admin adds at run time: an offer on it (priced from its own price),
 * its photos' owner (`room_type` by its code); a code the hotel has no type of is refused with
 * 400, as before.
 */
const familySuite = familySuiteType({ originalPriceBaisa: 50_000 });
type Refusal = { error: { code: string; fields?: Record<string, string> } };

let staff = '';
beforeAll(async () => {
  staff = await staffCookie();
  await addRoomType(familySuite);
});

const offer = (roomType: string, over: Record<string, unknown> = {}) => ({
  roomType,
  title: 'Family Days',
  titleAr: 'أيام العائلة',
  description: '',
  descriptionAr: '',
  discount: 10,
  features: [],
  isBestSeller: false,
  theme: roomType,
  validFrom: hotelToday(),
  validTo: null,
  isActive: true,
  ...over,
});

describe('content of a room type added at run time', () => {
  it('takes an offer, priced from its own price, shown to guests; an unknown code is refused with the other bad fields', async () => {
    const res = await call('/api/admin/offers', {
      method: 'POST',
      cookie: staff,
      json: offer('family-suite'),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const shown = await json<
      { roomType: string; originalPriceBaisa: number; discountedPriceBaisa: number }[]
    >(await call('/api/offers'));
    // 10 % off its struck-through price, 50.000.
    expect(shown.find((o) => o.roomType === 'family-suite')).toMatchObject({
      originalPriceBaisa: 50_000,
      discountedPriceBaisa: 45_000,
    });

    const bad = await call('/api/admin/offers', {
      method: 'POST',
      cookie: staff,
      json: offer('penthouse', { title: '' }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json<Refusal>(bad)).error.fields ?? {})).toEqual(
      expect.arrayContaining(['roomType', 'title']),
    );
    const list = await call(`/api/admin/offers`, { cookie: staff });
    const { offers } = await json<{ offers: { roomType: string }[] }>(list);
    expect(offers.map((o) => o.roomType)).toContain('family-suite');
    expect(offers.map((o) => o.roomType)).not.toContain('penthouse');
  });

  it('owns photos by its code; a code the hotel has no type of is a malformed owner', async () => {
    const own = await call('/api/admin/media?ownerKind=room_type&ownerId=family-suite', { cookie: staff });
    expect(own.status).toBe(200);
    expect(await json(own)).toEqual({ photos: [] });
    const form = new FormData();
    form.set('w480', new File([new Uint8Array([0])], 'x.webp', { type: 'image/webp' }));
    const unknown = await call('/api/admin/media?ownerKind=room_type&ownerId=penthouse', {
      method: 'POST',
      cookie: staff,
      body: form,
    });
    expect(unknown.status).toBe(400);
    expect(
      (await call('/api/admin/media?ownerKind=room_type&ownerId=Family%20Suite', { cookie: staff })).status,
    ).toBe(400);
  });
});
