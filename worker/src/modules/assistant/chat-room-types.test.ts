import { beforeAll, describe, expect, it } from 'vitest';
import { addRoomType, adminCookie, familySuite as familySuiteType, staffCookie } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { conversation, futureMonth } from '@worker-test/chat';

/**
 * The assistant and a room type an admin adds at run time: it prices it, names it by its own
 * name in both languages, reads it in a guest's sentence, refuses more guests than it takes, and
 * books it; a type retired is neither offered nor read.
 */
const familySuite = familySuiteType({ baseOccupancy: 2, pointsPerStay: 25, freeNightPoints: 300 });

let admin = '';
beforeAll(async () => {
  admin = await adminCookie();
  const villa = { ...familySuite, code: 'garden-villa', nameAr: 'فيلا الحديقة', nameEn: 'Garden Villa' };
  for (const type of [
    familySuite,
    { ...villa, baseOccupancy: 4, maxAdults: 6, maxChildren: 0, maxOccupancy: 6, priceBaisa: 60_000 },
  ]) {
    await addRoomType(
      {
        ...type,
        pointsPerStay: type === familySuite ? 25 : 0,
        freeNightPoints: type === familySuite ? 300 : null,
      },
      admin,
    );
  }
});

describe('the assistant and a room type added at run time', () => {
  it('states its price, its capacity and its points, by its own name, in both languages', async () => {
    const en = conversation();
    const prices = await en.say('How much is the family suite?');
    expect(prices.response).toContain('• Family Suite: OMR\u00a045.000 a night, up to 5 guests');
    // The spec's types stay as they were said.
    const all = await en.say('What are your room prices?');
    expect(all.response).toContain('• Gold room:');
    expect(all.response).toContain('• Family Suite:');
    // A type whose price is for more than two says for how many; the heading no longer says two.
    expect(all.response).toContain('• Garden Villa: OMR\u00a060.000 a night for 4 guests, up to 6 guests');
    expect(all.response).not.toContain('up to two guests');
    const points = await en.say('How do loyalty points work?');
    expect(points.response).toContain('20 points in deluxe and 25 points in the Family Suite');
    expect(points.response).toContain('300 points for the Family Suite');

    const ar = conversation({ lang: 'ar' });
    const arPrices = await ar.say('كم سعر الجناح العائلي؟');
    expect(arPrices.response).toContain('• جناح عائلي:');
    expect(arPrices.response).not.toContain('الغرفة الذهبية');
  });

  it("offers it among the room types, and asks again with the hotel's own types as the examples", async () => {
    const chat = conversation();
    let r = await chat.say('I want to book a room');
    expect(r.bookingState.step).toBe('room_type');
    expect(r.response).toContain(
      'Deluxe (OMR\u00a017.300), Family Suite (OMR\u00a045.000) or Garden Villa (OMR\u00a060.000) a night',
    );
    r = await chat.say('hmm');
    expect(r.response).toContain(
      'Please choose a room: Silver, Gold, Diamond, Deluxe, Family Suite or Garden Villa. For example: "Silver".',
    );
    r = await chat.say('hmm');
    expect(r.response).toContain('Write for example "Garden Villa" or "Silver".');
  });

  it('reads it in a sentence, refuses more guests than it takes, and books it for adults and children', async () => {
    const m = futureMonth();
    const chat = conversation();
    let r = await chat.say(`I want to book the family suite from 3 to 5 ${m.en} for 6 guests`);
    expect(r.bookingState.data).toMatchObject({ roomType: 'family-suite', checkInDate: m.day(3) });
    expect(r.response).toContain('Too many guests for this room type');
    expect(r.bookingState.step).toBe('guests');
    // Three adults: one more than it takes.
    r = await chat.say('3 adults');
    expect(r.response).toContain('Too many guests for this room type');
    r = await chat.say('2 adults and 3 children');
    expect(r.bookingState.data).toMatchObject({ numberOfGuests: 5, children: 3 });
    expect(r.bookingState.step).toBe('bed_type');
    for (const answer of ['double', 'non smoking', 'Suite Family', '94447777', 'ID558899']) {
      r = await chat.say(answer);
    }
    expect(r.bookingState.step).toBe('confirm');
    expect(r.response).toContain('• Room: Family Suite');
    // Two nights at 45.000 for two, and three guests above them at the standard 2.000 a night each.
    expect(r.bookingState.totalPriceBaisa).toBe(2 * (45_000 + 3 * 2_000));
    r = await chat.say('yes');
    expect(r.bookingState.step).toBe('done');
    const staff = await staffCookie();
    const [booked] = (await (
      await call(`/api/booking-submissions?q=${r.bookingState.bookingReference}`, { cookie: staff })
    ).json()) as { roomType: string; adults: number; children: number; totalPriceBaisa: number }[];
    expect(booked).toMatchObject({
      roomType: 'family-suite',
      adults: 2,
      children: 3,
      totalPriceBaisa: 102_000,
    });
  });

  it('neither offers nor reads a type once it is retired', async () => {
    const retired = await call('/api/admin/room-types/family-suite', {
      method: 'PATCH',
      cookie: admin,
      json: { active: false },
    });
    // Retiring waits for the booking above to be over: cancel it first.
    if (retired.status === 409) {
      const staff = await staffCookie();
      const list = (await (
        await call('/api/booking-submissions?q=Suite%20Family', { cookie: staff })
      ).json()) as { id: number }[];
      for (const b of list)
        await call(`/api/booking-submissions/${b.id}/status`, {
          method: 'PATCH',
          cookie: staff,
          json: { status: 'cancelled', reason: 'test' },
        });
      const again = await call('/api/admin/room-types/family-suite', {
        method: 'PATCH',
        cookie: admin,
        json: { active: false },
      });
      expect(again.status, await again.clone().text()).toBe(200);
    }
    const m = futureMonth();
    const chat = conversation();
    const r = await chat.say(`I want to book the family suite from 7 to 9 ${m.en}`);
    expect(r.bookingState.data.roomType).toBeUndefined();
    expect(r.response).not.toContain('Family Suite');
  });
});
