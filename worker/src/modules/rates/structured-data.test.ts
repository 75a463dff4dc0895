import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addRoomType, adminCookie, familySuite as familySuiteType } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { hotelStructuredData } from './structured-data';

/**
 * The public pages' JSON-LD and a room type an admin adds at run time: a `HotelRoom` with its own
 * name and maximum occupancy, and an `Offer` at its own price for its base occupancy; once
 * retired, neither.
 */
type Ld = {
  containsPlace: { name: string; occupancy: { maxValue: number } }[];
  makesOffer: { name: string; price: string }[];
};
const ld = async (lang: 'ar' | 'en') =>
  (await hotelStructuredData(drizzle(env.DB), 'https://hotel.example', lang)) as unknown as Ld;

let admin = '';
beforeAll(async () => {
  admin = await adminCookie();
  await addRoomType(familySuiteType(), admin);
});

describe('the structured data of a room type added at run time', () => {
  it('lists it with its own name, occupancy and price, in each language; not once it is retired', async () => {
    const en = await ld('en');
    expect(en.containsPlace).toHaveLength(5);
    expect(en.containsPlace.find((p) => p.name === 'Family Suite')).toMatchObject({
      occupancy: { maxValue: 5 },
    });
    // A new type is sold on the standard plan alone until an admin adds it to another: 45.000.
    expect(en.makesOffer.find((o) => o.name === 'Family Suite')).toMatchObject({ price: '45.000' });
    expect((await ld('ar')).makesOffer.map((o) => o.name)).toContain('جناح عائلي');

    const retired = await call('/api/admin/room-types/family-suite', {
      method: 'PATCH',
      cookie: admin,
      json: { active: false },
    });
    expect(retired.status).toBe(200);
    const after = await ld('en');
    expect(after.containsPlace.map((p) => p.name)).not.toContain('Family Suite');
    expect(after.makesOffer.map((o) => o.name)).not.toContain('Family Suite');
  });
});
