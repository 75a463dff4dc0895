import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { formatOmr } from '@shared/money';
import { bookingTurn, loadBookingSession } from './chat-booking';
import { call, logIn, signUp } from '@worker-test/helpers';
import { conversation, futureMonth, toArabicDigits } from '@worker-test/chat';

/**
 * Booking in conversation with the assistant: the stay asked for step by step, checked with the
 * booking form's rules, booked once, and everyday answers read. Its other answers:
 * chat-answers.test.ts.
 */

describe('booking in conversation', () => {
  it('quotes and charges today’s offer when it is below the room price', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const offer = await call('/api/admin/offers', {
      method: 'POST',
      cookie: staff.cookie,
      json: {
        roomType: 'diamond',
        title: 'Diamond days',
        titleAr: 'أيام الماس',
        description: '',
        descriptionAr: '',
        discount: 50,
        features: [],
        isBestSeller: false,
        theme: 'diamond',
        validFrom: hotelToday(),
        validTo: null,
        isActive: true,
      },
    });
    expect(offer.status).toBe(201);
    const m = futureMonth();
    const chat = conversation();
    let r = await chat.say(`I want to book a room from 3 to 5 ${m.en} for 2 guests`);
    expect(r.bookingState.step).toBe('room_type');
    // The room prices offered for the stay: diamond at 2 x 10.500 (21.000 less 50 %), not 2 x 16.200.
    expect(r.response).toContain('Diamond (OMR\u00a021.000)');
    expect(r.response).not.toContain('32.400');
    for (const answer of ['diamond', 'double bed', 'non smoking', 'Offer Taker', '94446666', 'ID778899']) {
      r = await chat.say(answer);
    }
    expect(r.bookingState.step).toBe('confirm');
    expect(r.bookingState.totalPriceBaisa).toBe(2 * 10_500);
    expect(r.response).toContain('21.000');
    r = await chat.say('yes');
    expect(r.bookingState.step).toBe('done');
    const booked = (await (
      await call(`/api/booking-submissions?q=${r.bookingState.bookingReference}`, { cookie: staff.cookie })
    ).json()) as { totalPriceBaisa: number }[];
    expect(booked.map((b) => b.totalPriceBaisa)).toEqual([21_000]);
  });

  it('takes one Arabic sentence with Arabic-Indic digits, asks only what is missing, and books for the signed-in guest', async () => {
    const guest = await signUp('Chat Guest');
    const m = futureMonth();
    const chat = conversation({ cookie: guest.cookie, lang: 'ar' });
    let r = await chat.say(toArabicDigits(`أريد حجز غرفة ذهبية من 10 إلى 12 ${m.ar} لشخصين`));
    expect(r.bookingState.step).toBe('bed_type');
    expect(r.bookingState.data).toMatchObject({
      roomType: 'gold',
      checkInDate: m.day(10),
      checkOutDate: m.day(12),
      numberOfGuests: 2,
    });
    r = await chat.say('سرير مزدوج');
    expect(r.bookingState.step).toBe('smoking');
    r = await chat.say('غير مدخن');
    expect(r.bookingState.step).toBe('full_name');
    r = await chat.say('سالم بن راشد البلوشي');
    expect(r.bookingState.step).toBe('phone');
    r = await chat.say('٩١٢٣ ٤٥٦٧');
    expect(r.bookingState.step).toBe('id_number');
    r = await chat.say('١٢٣٤٥٦٧٨');
    expect(r.bookingState.step).toBe('confirm');
    // The server's total: 2 nights x 13.200 OMR.
    expect(r.bookingState.totalPriceBaisa).toBe(26_400);
    expect(r.response).toContain('٢٦٫٤٠٠');
    expect(r.response).toContain('(ليلتان)');
    // Arabic replies never mix digit systems (phone and ID are shown as typed, isolated).
    expect(r.response.replace(/\u2066[^\u2069]*\u2069/g, '')).not.toMatch(/[0-9]/);
    r = await chat.say('نعم');
    expect(r.bookingState.step).toBe('done');
    // The reference a guest can say on the phone, shown as everywhere else and isolated.
    const reference = r.bookingState.bookingReference!;
    expect(reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{7}$/);
    expect(r.response).toContain(`\u2066${reference.slice(0, 3)}-${reference.slice(3)}\u2069`);

    const mine = (await (await call('/api/booking-submissions', { cookie: guest.cookie })).json()) as {
      reference: string;
      bookingType: string;
      status: string;
      totalPriceBaisa: number;
      userEmail: string;
      phoneNumber: string;
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      reference: r.bookingState.bookingReference,
      bookingType: 'chat_assistant',
      status: 'pending',
      totalPriceBaisa: 26_400,
      userEmail: guest.email,
      phoneNumber: '96891234567',
    });
  });

  it('books on the rate the guest names, as the booking form offers them, and says what is paid when', async () => {
    const m = futureMonth(2);
    const quote = async (ratePlan: string) => {
      const q = new URLSearchParams({
        roomType: 'gold',
        ratePlan,
        checkInDate: m.day(3),
        checkOutDate: m.day(5),
        numberOfGuests: '2',
      });
      const res = await call(`/api/quote?${q}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { totalPriceBaisa: number }).totalPriceBaisa;
    };
    const [standard, nonRefundable, breakfast] = [
      await quote('standard'),
      await quote('non_refundable'),
      await quote('bed_and_breakfast'),
    ];
    expect(nonRefundable).toBeLessThan(standard);
    const guest = await signUp('Rate Chooser');
    const chat = conversation({ cookie: guest.cookie });
    let r = await chat.say(
      `I want to book a gold room from 3 to 5 ${m.en} for 2 guests on the non-refundable rate`,
    );
    expect(r.bookingState.data).toMatchObject({ roomType: 'gold', ratePlan: 'non_refundable' });
    for (const answer of ['double bed', 'non smoking', 'Rate Chooser', '94445566', 'ID445566']) {
      r = await chat.say(answer);
    }
    expect(r.bookingState.step).toBe('confirm');
    expect(r.bookingState.totalPriceBaisa).toBe(nonRefundable);
    expect(r.response).toContain('• Rate: Non-refundable');
    // The other rates the form offers, each at its total for this stay.
    expect(r.response).toContain(`Flexible rate (OMR\u00a0${formatOmr(standard, 'en')})`);
    expect(r.response).toContain(`Bed and breakfast (OMR\u00a0${formatOmr(breakfast, 'en')})`);
    // Named at the confirmation: the stay moves to that rate.
    r = await chat.say('bed and breakfast please');
    expect(r.bookingState.step).toBe('confirm');
    expect(r.bookingState.data.ratePlan).toBe('bed_and_breakfast');
    expect(r.bookingState.totalPriceBaisa).toBe(breakfast);
    r = await chat.say('non-refundable');
    expect(r.bookingState.totalPriceBaisa).toBe(nonRefundable);
    // A company's private plan is not a guest's to name.
    r = await chat.say('the corporate rate');
    expect(r.bookingState.data.ratePlan).toBe('non_refundable');
    r = await chat.say('yes');
    expect(r.bookingState.step).toBe('done');
    // The whole stay is paid in advance on the non-refundable rate, which confirms it at once.
    expect(r.response).toContain(`Pay OMR\u00a0${formatOmr(nonRefundable, 'en')} online from your booking`);
    const mine = (await (await call('/api/booking-submissions', { cookie: guest.cookie })).json()) as {
      ratePlan: string;
      totalPriceBaisa: number;
    }[];
    expect(mine).toEqual([
      expect.objectContaining({ ratePlan: 'non_refundable', totalPriceBaisa: nonRefundable }),
    ]);
  });

  it('reads the rate named in Arabic', async () => {
    const m = futureMonth(2);
    const chat = conversation({ lang: 'ar' });
    const r = await chat.say(toArabicDigits(`أريد حجز غرفة ذهبية من 7 إلى 9 ${m.ar} لشخصين مع الإفطار`));
    expect(r.bookingState.data).toMatchObject({ roomType: 'gold', ratePlan: 'bed_and_breakfast' });
    expect(r.bookingState.step).toBe('bed_type');
  });

  it('checks each answer with the booking form schema and its messages', async () => {
    const m = futureMonth();
    const chat = conversation();
    let r = await chat.say(`I want to book a silver room from 3 to 5 ${m.en}`);
    expect(r.bookingState.step).toBe('guests');
    r = await chat.say('7');
    // Above the silver room's limits (its row: at most four guests): refused, and asked again.
    expect(r.response).toContain('Too many guests for this room type');
    expect(r.bookingState.step).toBe('guests');
    r = await chat.say('3');
    expect(r.bookingState.step).toBe('bed_type');
    r = await chat.say('double, non-smoking');
    expect(r.bookingState.step).toBe('full_name');
    r = await chat.say('A');
    expect(r.response).toContain('Name must be at least 2 characters');
    r = await chat.say('Aisha Al Harthy');
    r = await chat.say('12');
    expect(r.response).toContain('Invalid phone number');
    expect(r.bookingState.step).toBe('phone');
    r = await chat.say('+968 9876 5432');
    r = await chat.say('AB12345');
    expect(r.bookingState.step).toBe('confirm');
    // 2 nights x (12.600 + 2.000 for a third guest)
    expect(r.bookingState.totalPriceBaisa).toBe(29_200);
  });

  it('refuses a check-in in the past and a stay past 30 nights', async () => {
    const chat = conversation();
    let r = await chat.say('I want to book a gold room from 2020-01-01 to 2020-01-03');
    expect(r.response).toContain('Check-in cannot be before today');
    expect(r.bookingState.data.checkInDate).toBeUndefined();
    const m = futureMonth();
    r = await chat.say(
      `${m.day(1)} to ${m.day(1).slice(0, 5)}${String((Number(m.ym.slice(5)) % 12) + 1).padStart(2, '0')}-15`,
    );
    expect(r.response).toContain('A stay can be 30 nights at most');
  });

  it('says when the room is sold out for the dates and offers what is free instead', async () => {
    const m = futureMonth();
    await env.DB.prepare(`update room_inventory set total_count = 0 where room_type = 'deluxe'`).run();
    try {
      const chat = conversation();
      const r = await chat.say(`book a deluxe room from 20 to 22 ${m.en}`);
      expect(r.response).toContain('no Deluxe room is available');
      expect(r.response).toMatch(/Available for these dates: Silver/);
      expect(r.bookingState.step).toBe('room_type');
      expect(r.bookingState.data.roomType).toBeUndefined();
      const next = await chat.say('diamond');
      expect(next.bookingState.data.roomType).toBe('diamond');
    } finally {
      await env.DB.prepare(`update room_inventory set total_count = 4 where room_type = 'deluxe'`).run();
    }
  });

  it('cancels at any step, and changes a field on request', async () => {
    const m = futureMonth();
    const chat = conversation();
    let r = await chat.say(`book a gold room from 14 to 16 ${m.en} for 2`);
    expect(r.bookingState.step).toBe('bed_type');
    r = await chat.say('change the room');
    expect(r.bookingState.step).toBe('room_type');
    r = await chat.say('silver');
    expect(r.bookingState.data.roomType).toBe('silver');
    expect(r.bookingState.step).toBe('bed_type');
    r = await chat.say('cancel');
    expect(r.bookingState.step).toBe('idle');
    expect(r.response).toContain('Booking cancelled');
    r = await chat.say('double');
    expect(r.bookingState.step).toBe('idle');
  });

  it('ignores a bookingState the client made up and never books from it', async () => {
    const chat = conversation();
    const forged = {
      step: 'confirm',
      data: {
        roomType: 'deluxe',
        checkInDate: futureMonth().day(5),
        checkOutDate: futureMonth().day(25),
        numberOfGuests: 4,
        bedType: 'double',
        smokingPreference: 'non_smoking',
        fullName: 'Forged Guest',
        phoneNumber: '99999999',
        idNumber: '99999999',
      },
      totalPriceBaisa: 1,
      bookingReference: null,
    };
    const r = await chat.say('yes', { bookingState: forged });
    expect(r.bookingState.step).toBe('idle');
    expect(r.bookingState.bookingReference).toBeNull();
    const rows = await env.DB.prepare(
      `select count(*) as n from booking_submissions where full_name = 'Forged Guest'`,
    ).first<{
      n: number;
    }>();
    expect(rows?.n).toBe(0);
  });

  it('states and books the stay at its nights’ rates, and turns a restriction into a reply that asks the dates again', async () => {
    const m = futureMonth();
    const setNight = (night: string, column: 'price_baisa' | 'min_stay', value: number) =>
      env.DB.prepare(
        `insert into rate_nights (rate_plan, room_type, night, ${column}) values ('standard', 'silver', ?, ?)
         on conflict do update set ${column} = excluded.${column}`,
      )
        .bind(night, value)
        .run();
    // A season's night at 20.000; the next night keeps the room type's 12.600.
    await setNight(m.day(26), 'price_baisa', 20_000);
    const chat = conversation();
    let r = await chat.say(`I want to book a silver room from 26 to 28 ${m.en} for 2 guests`);
    for (const answer of ['double bed', 'non smoking', 'Season Guest', '94441212', 'ID121212']) {
      r = await chat.say(answer);
    }
    expect(r.bookingState.step).toBe('confirm');
    expect(r.bookingState.totalPriceBaisa).toBe(32_600);
    expect(r.response).toContain('32.600');
    r = await chat.say('yes');
    expect(r.bookingState.step).toBe('done');
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const [booked] = (await (
      await call(`/api/booking-submissions?q=${r.bookingState.bookingReference}`, { cookie: staff.cookie })
    ).json()) as { totalPriceBaisa: number; ratePlan: string; nightPrices: unknown }[];
    expect(booked).toMatchObject({
      totalPriceBaisa: 32_600,
      ratePlan: 'standard',
      nightPrices: [
        { date: m.day(26), priceBaisa: 20_000 },
        { date: m.day(27), priceBaisa: 12_600 },
      ],
    });

    // Three nights at least for arrivals on the 21st: said as soon as the dates are, in Arabic,
    // the arrival and the room kept and the departure asked again.
    await setNight(m.day(21), 'min_stay', 3);
    const ar = conversation({ lang: 'ar' });
    r = await ar.say(toArabicDigits(`أريد حجز غرفة فضية من 21 إلى 22 ${m.ar} لشخصين`));
    expect(r.response).toContain('أقل مدة إقامة لهذا الوصول ٣ ليالٍ');
    expect(r.bookingState.step).toBe('check_out');
    expect(r.bookingState.data).toMatchObject({ roomType: 'silver', checkInDate: m.day(21) });
    expect(r.bookingState.data.checkOutDate).toBeUndefined();
    r = await ar.say(toArabicDigits(`24 ${m.ar}`));
    expect(r.bookingState.data.checkOutDate).toBe(m.day(24));
    expect(r.bookingState.step).toBe('bed_type');

    // A restriction set while the guest is confirming: the "yes" books nothing and asks the departure again.
    const late = conversation();
    r = await late.say(`I want to book a silver room from 18 to 19 ${m.en} for 2 guests`);
    for (const answer of ['double bed', 'non smoking', 'Late Guest', '94443434', 'ID343434']) {
      r = await late.say(answer);
    }
    expect(r.bookingState.step).toBe('confirm');
    await setNight(m.day(18), 'min_stay', 2);
    r = await late.say('yes');
    expect(r.response).toContain('Stays arriving on this date must be at least 2 nights');
    expect(r.bookingState.step).toBe('check_out');
    expect(r.bookingState.data).toMatchObject({
      roomType: 'silver',
      checkInDate: m.day(18),
      fullName: 'Late Guest',
    });
    const made = await env.DB.prepare(
      `select count(*) as n from booking_submissions where full_name = 'Late Guest'`,
    ).first<{ n: number }>();
    expect(made?.n).toBe(0);
  });

  it('makes one booking however many times the same "yes" arrives at once', async () => {
    const m = futureMonth();
    const chat = conversation();
    await chat.say(`I want to book a silver room from 7 to 8 ${m.en} for 1`);
    await chat.say('single');
    await chat.say('smoking');
    await chat.say('Race Tester');
    await chat.say('92223333');
    const r = await chat.say('ID998877');
    expect(r.bookingState.step).toBe('confirm');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => chat.say('yes')));
    const references = new Set(answers.map((a) => a.bookingState.bookingReference));
    expect(references.size).toBe(1);
    const rows = await env.DB.prepare(
      `select count(*) as n from booking_submissions where full_name = 'Race Tester' and booking_type = 'chat_assistant'
         and source = 'assistant' and segment = 'leisure'`,
    ).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('a "yes" that read the conversation before another one booked it makes no second booking', async () => {
    const m = futureMonth();
    const chat = conversation();
    await chat.say(`I want to book a gold room from 17 to 18 ${m.en} for 2`);
    await chat.say('double');
    await chat.say('non smoking');
    await chat.say('Stale Reader');
    await chat.say('94445555');
    await chat.say('ID445566');
    const key = `anon:${chat.sessionId}`;
    const db = drizzle(env.DB);
    // This request read the conversation at "confirm"...
    const stale = await loadBookingSession(db, key);
    expect(stale?.currentStep).toBe('confirm');
    // ...then another "yes" booked it...
    expect((await chat.say('yes')).bookingState.step).toBe('done');
    // ...and this one goes on from what it read.
    const late = await bookingTurn(
      { db, key, user: null, clientHash: 'test', lang: 'en', offers: {}, plans: [] },
      stale,
      'yes',
      false,
    );
    expect(late.state.step).toBe('done');
    const rows = await env.DB.prepare(
      `select count(*) as n from booking_submissions where full_name = 'Stale Reader'`,
    ).first<{
      n: number;
    }>();
    expect(rows?.n).toBe(1);
  });

  it('lets staff read the conversation that led to a booking, and nobody else', async () => {
    const m = futureMonth();
    const chat = conversation();
    await chat.say(`book a gold room from 24 to 25 ${m.en} for 2`);
    await chat.say('double');
    await chat.say('non smoking');
    await chat.say('Staff Reader');
    await chat.say('93334444');
    await chat.say('ID112233');
    const done = await chat.say('yes');
    const row = await env.DB.prepare(`select id from booking_submissions where reference = ?`)
      .bind(done.bookingState.bookingReference)
      .first<{ id: number }>();
    const staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
    const res = await call(`/api/chat/conversations/${row!.id}`, { cookie: staff });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messages: { message: string; isBot: boolean }[] };
    expect(body.messages[0]).toMatchObject({
      message: `book a gold room from 24 to 25 ${m.en} for 2`,
      isBot: false,
    });
    expect(body.messages.at(-1)?.message).toContain('Your booking request was sent');
    const guest = await signUp('Curious Guest');
    expect((await call(`/api/chat/conversations/${row!.id}`, { cookie: guest.cookie })).status).toBe(403);
    expect((await call(`/api/chat/conversations/${row!.id}`)).status).toBe(401);
  });
});

describe('everyday answers in the booking conversation', () => {
  it('reads a dual, a labelled name and a labelled phone, and never takes "نعم" for a name', async () => {
    const m = futureMonth();
    const chat = conversation({ lang: 'ar' });
    let r = await chat.say('أريد حجز غرفة ذهبية');
    expect(r.bookingState.step).toBe('check_in');
    r = await chat.say(toArabicDigits(`10 ${m.ar}`));
    expect(r.bookingState.step).toBe('check_out');
    r = await chat.say('ليلتان');
    expect(r.bookingState.data.checkOutDate).toBe(m.day(12));
    expect(r.bookingState.step).toBe('guests');
    r = await chat.say('شخصين');
    expect(r.bookingState.data.numberOfGuests).toBe(2);
    r = await chat.say('سرير مزدوج، غير مدخن');
    expect(r.bookingState.step).toBe('full_name');
    const asked = r.response;
    r = await chat.say('نعم');
    expect(r.bookingState.step).toBe('full_name');
    expect(r.bookingState.data.fullName).toBeUndefined();
    expect(r.response).not.toBe(asked);
    expect(r.response).toMatch(/مثل/);
    r = await chat.say('الاسم سالم الحارثي');
    expect(r.bookingState.data.fullName).toBe('سالم الحارثي');
    r = await chat.say('رقم الهاتف ٩١٢٧٧٩٥٤');
    expect(r.bookingState.data.phoneNumber).toBe('91277954');
    expect(r.bookingState.step).toBe('id_number');
  });

  it('keeps the nights said before the check-in date, and books them once the date comes', async () => {
    const m = futureMonth();
    const chat = conversation({ lang: 'ar' });
    let r = await chat.say('أبي أحجز غرفة فضية لثلاث ليالٍ');
    expect(r.bookingState.step).toBe('check_in');
    r = await chat.say(toArabicDigits(`5 ${m.ar}`));
    expect(r.bookingState.data).toMatchObject({ checkInDate: m.day(5), checkOutDate: m.day(8) });
    expect(r.bookingState.step).toBe('guests');
  });

  it('answers an unreadable answer with what it expects and an example, never in the same words twice in a row', async () => {
    for (const [lang, start, unreadable, example] of [
      ['ar', 'أريد حجز غرفة فضية من الغد', 'ممممم', /مثل/],
      ['en', 'I want to book a silver room from tomorrow', 'hmm whatever', /for example|such as|like "/],
    ] as const) {
      const chat = conversation({ lang });
      let r = await chat.say(start);
      expect(r.bookingState.step).toBe('check_out');
      const replies = [r.response];
      for (let i = 0; i < 5; i++) {
        r = await chat.say(unreadable);
        expect(r.bookingState.step).toBe('check_out');
        expect(r.response).toMatch(example);
        expect(r.response, `reply ${i + 1} in ${lang}`).not.toBe(replies[replies.length - 1]);
        replies.push(r.response);
      }
      // A schema refusal repeated is not the same reply twice either.
      r = await chat.say(lang === 'ar' ? 'ليلتين' : 'two nights');
      expect(r.bookingState.step).toBe('guests');
      const first = await chat.say('9');
      const second = await chat.say('9');
      expect(first.bookingState.step).toBe('guests');
      expect(second.response).not.toBe(first.response);
    }
  });
});
