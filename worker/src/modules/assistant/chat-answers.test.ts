import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { formatOmr } from '@shared/money';
import { cleanUp } from '../../cleanup';
import { adminCookie, json } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';
import { conversation, futureMonth, toArabicDigits, type Reply } from '@worker-test/chat';

/**
 * The assistant's answers: the hotel Q&A first, the stay policy and the rates as the site and the
 * quote state them, its limits and the optional language model. Booking in conversation:
 * chat-booking.test.ts.
 */

describe('POST /api/chat: the hotel Q&A first', () => {
  it('matches the seeded Arabic answer whatever the diacritics, tatweel, alef, ta marbuta and ya forms', async () => {
    const breakfastAr = 'يُقدَّم الإفطار يومياً';
    const chat = conversation({ lang: 'ar' });
    for (const question of [
      'متى يقدم الإفطار؟',
      'مَتَى يُقَدَّمُ الإِفْطَارُ؟',
      'متى يقدم الإفطـــــار',
      'متي يقدم الافطار',
      'موعد الفطور',
    ]) {
      expect((await chat.say(question)).response, question).toContain(breakfastAr);
    }
    // ta marbuta / ha and alef maqsura / ya: "مسبح" entry keywords include "سباحة"
    expect((await chat.say('هل عندكم حمام سباحه')).response).toContain('المسبح الخارجي');
  });

  it('matches English case-folded and lightly stemmed, and Arabic-Indic digits', async () => {
    const admin = await adminCookie();
    const created = await call('/api/admin/custom-chat-qa', {
      method: 'POST',
      cookie: admin,
      json: {
        question: 'Where is meeting room 101?',
        answer: 'Meeting room 101 is on the first floor.',
        keywords: [],
      },
    });
    expect(created.status).toBe(201);
    const chat = conversation();
    expect((await chat.say('BREAKFAST TIMES')).response).toContain('6:30 to 10:30');
    expect((await chat.say('is there parking')).response).toContain('parking is free');
    expect((await chat.say('where is meeting room ١٠١')).response).toContain('first floor');
  });

  it('does not answer from an unrelated entry below the threshold, and lists what it can do', async () => {
    const chat = conversation();
    const reply = await chat.say('What is the weather like on Mars?');
    expect(reply.response).toContain('I can help you with');
    expect(reply.response).not.toContain('Breakfast');
  });

  it('states facts from D1 and shared constants, in the language asked', async () => {
    const en = conversation();
    expect((await en.say('How much is the silver room?')).response).toContain('OMR\u00a012.600 a night');
    const ar = conversation({ lang: 'ar' });
    const prices = (await ar.say('كم سعر الغرفة الذهبية؟')).response;
    expect(prices).toContain('١٣٫٢٠٠');
    expect(prices).not.toMatch(/[0-9]/);
    expect((await en.say('Tell me about the VIP cards')).response).toContain('VIP cards');
    expect((await en.say('loyalty points')).response).toContain('150 points for silver');
  });
});

describe('the stay policy, from the site settings', () => {
  it('answers cancelling and changing from the settings in both languages, and follows them when they change', async () => {
    const en = conversation();
    const answer = (await en.say('Can I cancel my booking?')).response;
    expect(answer).toContain('until 24 hours before check-in on the arrival day');
    expect(answer).toContain('Check-in is from 14:00');
    expect(answer).not.toContain('for an approved booking please call');
    const ar = conversation({ lang: 'ar' });
    const arabic = (await ar.say('هل يمكنني إلغاء حجزي؟')).response;
    expect(arabic).toContain('حتى ٢٤ ساعة قبل موعد الوصول');
    expect(arabic).not.toMatch(/[0-9]/);
    // Neither a Q&A entry an admin adds nor the seed can say otherwise.
    await env.DB.prepare(
      `insert into custom_chat_qa (question, answer, keywords, is_active, created_at, updated_at)
       values ('Can I cancel my booking?', 'Only by phone.', '["cancel"]', 1, 1, 1)`,
    ).run();
    const admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
    const current = await json<Record<string, unknown>>(
      await call('/api/admin/site-settings', { cookie: admin }),
    );
    const { updatedAt: _u, ...body } = current;
    const put = (over: Record<string, unknown>) =>
      call('/api/admin/site-settings', { method: 'PUT', json: { ...body, ...over }, cookie: admin });
    expect(
      (await put({ freeCancellationHours: 48, cancellationPolicy: 'Deposits come back within 7 days.' }))
        .status,
    ).toBe(200);
    const after = (await conversation().say('What is your cancellation policy?')).response;
    expect(after).toContain('until 48 hours before check-in');
    expect(after).toContain('Deposits come back within 7 days.');
    expect(after).not.toContain('Only by phone.');
    expect((await put({ freeCancellationHours: 0 })).status).toBe(200);
    expect((await conversation().say('can I change my booking?')).response).toContain(
      'until the check-in time on the arrival day',
    );
    expect(
      (await put({ freeCancellationHours: 24, cancellationPolicy: '', checkInTime: '15:00' })).status,
    ).toBe(200);
    // The times too: asked in either language, the settings' times, check-in called check-in.
    expect((await conversation().say('What are the check-in and check-out times?')).response).toContain(
      'Check-in is from 15:00',
    );
    const times = (await conversation({ lang: 'ar' }).say('ما هي مواعيد تسجيل الدخول والمغادرة؟')).response;
    // Times of day as every screen writes them (12-hour in Arabic), through the one formatter.
    expect(times).toContain('تسجيل الوصول من الساعة ٣:٠٠ م');
    expect((await put({ checkInTime: '14:00' })).status).toBe(200);
  });
});

describe('rates and plans, read as GET /api/quote reads them', () => {
  // Nights of their own month, so no other test's rates or bookings touch them.
  const m = futureMonth(4);
  const setRates = async (body: Record<string, unknown>) => {
    const res = await call('/api/admin/rates', { method: 'PUT', cookie: await adminCookie(), json: body });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const quoteOf = async (q: Record<string, string | number>) =>
    call(`/api/quote?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);
  const quoted = async (q: Record<string, string | number>) => {
    const res = await quoteOf(q);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { totalPriceBaisa: number }).totalPriceBaisa;
  };
  const patchPlan = async (code: string, body: Record<string, unknown>) => {
    const res = await call(`/api/admin/rate-plans/${code}`, {
      method: 'PATCH',
      cookie: await adminCookie(),
      json: body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  it('quotes a stay at the rate calendar’s nights on every plan, as the quote does, in both languages', async () => {
    // The calendar prices the 14th at 30.000 (the spec says 13.200); the 15th keeps 13.200.
    await setRates({
      ratePlan: 'standard',
      roomType: 'gold',
      from: m.day(14),
      to: m.day(14),
      priceBaisa: 30_000,
    });
    const stay = { roomType: 'gold', checkInDate: m.day(14), checkOutDate: m.day(16), numberOfGuests: 2 };
    const totals = {
      standard: await quoted({ ...stay, ratePlan: 'standard' }),
      non_refundable: await quoted({ ...stay, ratePlan: 'non_refundable' }),
      bed_and_breakfast: await quoted({ ...stay, ratePlan: 'bed_and_breakfast' }),
    };
    expect(totals.standard).toBe(43_200);
    const en = (await conversation().say(`How much is a gold room from 14 to 16 ${m.en}?`)).response;
    expect(en).toContain(`• Flexible rate: OMR\u00a0${formatOmr(totals.standard, 'en')} in all`);
    expect(en).toContain(`• Non-refundable: OMR\u00a0${formatOmr(totals.non_refundable, 'en')} in all`);
    expect(en).toContain(`• Bed and breakfast: OMR\u00a0${formatOmr(totals.bed_and_breakfast, 'en')} in all`);
    expect(en).toContain(`: 30.000`);
    // Each plan's terms with its prices.
    expect(en).toContain('nothing is refunded if you cancel');
    const ar = (
      await conversation({ lang: 'ar' }).say(toArabicDigits(`كم سعر الغرفة الذهبية من 14 إلى 16 ${m.ar}؟`))
    ).response;
    expect(ar).toContain(`• السعر المرن: ${formatOmr(totals.standard, 'ar')}\u00a0ر.ع. إجمالاً`);
    expect(ar).toContain(
      `• سعر غير قابل للاسترداد: ${formatOmr(totals.non_refundable, 'ar')}\u00a0ر.ع. إجمالاً`,
    );
    expect(ar).toContain('٣٠٫٠٠٠');
    expect(ar).not.toMatch(/[0-9]/);

    // One night, the calendar's price; four guests, the quote's total for four.
    expect(
      (await conversation().say(`What is the price of the gold room on ${m.en} 14?`)).response,
    ).toContain('• Flexible rate: OMR\u00a030.000 in all (OMR\u00a030.000 a night)');
    const four = await quoted({ ...stay, ratePlan: 'standard', numberOfGuests: 4 });
    expect(
      (await conversation().say(`gold room price from 14 to 16 ${m.en} for 4 guests`)).response,
    ).toContain(`• Flexible rate: OMR\u00a0${formatOmr(four, 'en')} in all`);

    // A minimum stay refuses a night's stay as the quote refuses it, with its reason.
    await setRates({ ratePlan: 'standard', roomType: 'gold', from: m.day(19), to: m.day(19), minStay: 3 });
    const short = { ...stay, checkInDate: m.day(19), checkOutDate: m.day(20), ratePlan: 'standard' };
    expect((await quoteOf(short)).status).toBe(422);
    const refused = (await conversation().say(`How much is a gold room from 19 to 20 ${m.en}?`)).response;
    expect(refused).toContain(
      'Not sold for these dates: Stays arriving on this date must be at least 3 nights',
    );
    expect(refused).not.toMatch(/OMR\u00a0[\d,.]+ in all/);
    const refusedAr = (
      await conversation({ lang: 'ar' }).say(toArabicDigits(`سعر الغرفة الذهبية من 19 إلى 20 ${m.ar}`))
    ).response;
    expect(refusedAr).toContain('أقل مدة إقامة لهذا الوصول ٣ ليالٍ');
  });

  it('answers "a non-refundable rate?" with that plan and its rules, in both languages, or says there is none', async () => {
    const en = (await conversation().say('Do you have a non-refundable rate?')).response;
    expect(en).toContain('Yes, we offer a non-refundable rate');
    expect(en).toContain(
      '• Non-refundable: 10% below the Flexible rate prices; room only, no breakfast; nothing is refunded if you cancel, and the booking cannot be changed; the whole stay is paid in advance online, and the booking is confirmed as soon as it is paid.',
    );
    expect(en).not.toContain('A booking request still waiting for approval');
    const ar = (await conversation({ lang: 'ar' }).say('هل لديكم سعر غير قابل للاسترداد؟')).response;
    expect(ar).toContain('نعم، نقدّم سعراً غير قابل للاسترداد');
    expect(ar).toContain('• سعر غير قابل للاسترداد: أقل بنسبة ١٠٪ من أسعار السعر المرن');
    expect(ar).toContain('تُدفع قيمة الإقامة كاملة مقدماً عبر الإنترنت، ويُؤكَّد الحجز فور الدفع');
    expect(ar).not.toMatch(/[0-9]/);
    // With a stay named: its price on that plan, as quoted.
    const total = await quoted({
      roomType: 'silver',
      ratePlan: 'non_refundable',
      checkInDate: m.day(6),
      checkOutDate: m.day(8),
      numberOfGuests: 2,
    });
    expect(
      (await conversation().say(`Is there a non refundable price for a silver room from 6 to 8 ${m.en}?`))
        .response,
    ).toContain(`• Non-refundable: OMR\u00a0${formatOmr(total, 'en')} in all`);
    // Retired, it is never offered.
    await patchPlan('non_refundable', { active: false });
    try {
      const none = (await conversation().say('Do you have a non-refundable rate?')).response;
      expect(none).toContain('No, we offer no non-refundable rate');
      expect(none).not.toContain('• Non-refundable');
      expect(none).toContain('• Flexible rate');
    } finally {
      await patchPlan('non_refundable', { active: true });
    }
  });

  it('gives each plan’s own cancellation rule when asked about cancelling, and follows a plan’s change', async () => {
    const en = (await conversation().say('What is your cancellation policy?')).response;
    expect(en).toContain('• Flexible rate: free cancellation or change until 24 hours before check-in');
    expect(en).toContain(
      '• Non-refundable: nothing is refunded if you cancel, and the booking cannot be changed.',
    );
    expect(en).toContain('• Bed and breakfast: free cancellation or change until 24 hours before check-in');
    const ar = (await conversation({ lang: 'ar' }).say('هل يمكنني إلغاء الحجز؟')).response;
    expect(ar).toContain('• سعر غير قابل للاسترداد: لا يُسترد شيء عند الإلغاء، ولا يمكن تعديل الحجز.');
    expect(ar).toContain('• الإقامة مع الإفطار: الإلغاء أو التعديل مجاني حتى ٢٤ ساعة قبل موعد الوصول');
    await patchPlan('bed_and_breakfast', { cancellation: { kind: 'free_until', hours: 48 } });
    try {
      const after = (await conversation().say('Can I cancel my booking?')).response;
      expect(after).toContain(
        '• Bed and breakfast: free cancellation or change until 48 hours before check-in',
      );
      expect(after).toContain('• Flexible rate: free cancellation or change until 24 hours before check-in');
    } finally {
      await patchPlan('bed_and_breakfast', { cancellation: { kind: 'free_until', hours: 24 } });
    }
  });

  it('says what a third and a fourth guest add for the room in all, as the booking form does, from the quote’s prices', async () => {
    const en = (await conversation().say('How much is the silver room?')).response;
    expect(en).toContain(
      '3 guests add OMR\u00a02.000 a night, 4 guests add OMR\u00a04.000 a night (for the room in all, not per guest).',
    );
    expect(en).not.toMatch(/a fourth|a third/);
    const ar = (await conversation({ lang: 'ar' }).say('كم سعر الغرفة الفضية؟')).response;
    expect(ar).toContain('٣ ضيوف: يُضاف ٢٫٠٠٠\u00a0ر.ع. لليلة، و٤ ضيوف: يُضاف ٤٫٠٠٠\u00a0ر.ع. لليلة');
    expect(ar).not.toContain('لضيف رابع');
    // The calendar's extra-guest price of a night is what the quote and the assistant add.
    await setRates({
      ratePlan: 'standard',
      roomType: 'silver',
      from: m.day(11),
      to: m.day(11),
      extraGuestPriceBaisa: 3_000,
    });
    const night = {
      roomType: 'silver',
      ratePlan: 'standard',
      checkInDate: m.day(11),
      checkOutDate: m.day(12),
    };
    const two = await quoted({ ...night, numberOfGuests: 2 });
    const [three, four] = [
      (await quoted({ ...night, numberOfGuests: 3 })) - two,
      (await quoted({ ...night, numberOfGuests: 4 })) - two,
    ];
    expect([three, four]).toEqual([3_000, 6_000]);
    const dated = (await conversation().say(`How much is a silver room on 11 ${m.en}?`)).response;
    expect(dated).toContain(
      `3 guests add OMR\u00a0${formatOmr(three, 'en')} a night, 4 guests add OMR\u00a0${formatOmr(four, 'en')} a night`,
    );
  });

  it('says the room type’s and the plan’s own extra-guest prices, as the quote adds them', async () => {
    const admin = await adminCookie();
    const patchType = async (extraGuestPriceBaisa: number | null) => {
      const res = await call('/api/admin/room-types/silver', {
        method: 'PATCH',
        cookie: admin,
        json: { extraGuestPriceBaisa },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await patchType(2_500);
    try {
      const en = (await conversation().say('How much is the silver room?')).response;
      expect(en).toContain('3 guests add OMR\u00a02.500 a night, 4 guests add OMR\u00a05.000 a night');
      await patchPlan('standard', { extraGuestPriceBaisa: 1_500 });
      const ar = (await conversation({ lang: 'ar' }).say('كم سعر الغرفة الفضية؟')).response;
      expect(ar).toContain('٣ ضيوف: يُضاف ١٫٥٠٠\u00a0ر.ع. لليلة، و٤ ضيوف: يُضاف ٣٫٠٠٠\u00a0ر.ع. لليلة');
    } finally {
      await patchPlan('standard', { extraGuestPriceBaisa: null });
      await patchType(null);
    }
  });

  it('answers "a gold room for 4 people a night" with the night for four, and the stay for four when dates are named', async () => {
    const today = hotelToday();
    const tonight = {
      roomType: 'gold',
      ratePlan: 'standard',
      checkInDate: today,
      checkOutDate: addDays(today, 1),
    };
    const four = await quoted({ ...tonight, numberOfGuests: 4 });
    // The spec's gold night for two (13.200) and the two guests above two (2 x 2.000).
    expect(four).toBe(17_200);
    const en = (await conversation().say('How much is a gold room for 4 people per night?')).response;
    expect(en).toContain(`Gold room: OMR\u00a0${formatOmr(four, 'en')} a night for 4 guests`);
    expect(en).not.toContain('13.200');
    expect(en).not.toContain('add OMR');
    const ar = (await conversation({ lang: 'ar' }).say('كم سعر الغرفة الذهبية لأربعة أشخاص في الليلة؟'))
      .response;
    // ("في الليلة" reads as tonight: the night's stay for four, priced on each plan.)
    expect(ar).toContain(`${formatOmr(four, 'ar')}\u00a0ر.ع. لليلة`);
    expect(ar).not.toContain('يُضاف');
    expect(ar).not.toMatch(/[0-9]/);
    // More guests than the type takes: said, not priced.
    const six = (await conversation().say('How much is a gold room for 6 people?')).response;
    expect(six).toContain('Gold room: takes up to 4 guests');
    // With dates: the stay's total for four, on each plan, as the quote gives it.
    const stay = { roomType: 'gold', checkInDate: m.day(3), checkOutDate: m.day(5), numberOfGuests: 4 };
    const total = await quoted({ ...stay, ratePlan: 'standard' });
    const dated = (await conversation().say(`How much is a gold room for 4 people from 3 to 5 ${m.en}?`))
      .response;
    expect(dated).toContain(`OMR\u00a0${formatOmr(total, 'en')}`);
    expect(dated).toContain('4 guests');
    expect(dated).not.toContain('add OMR');
  });

  it('offers the room types at the calendar’s prices of the stay being booked, not the spec’s a night', async () => {
    await setRates({
      ratePlan: 'standard',
      roomType: 'gold',
      from: m.day(22),
      to: m.day(22),
      priceBaisa: 30_000,
    });
    const stay = { roomType: 'gold', checkInDate: m.day(22), checkOutDate: m.day(24), numberOfGuests: 2 };
    const gold = await quoted({ ...stay, ratePlan: 'standard' });
    const silver = await quoted({ ...stay, roomType: 'silver', ratePlan: 'standard' });
    expect(gold).toBe(43_200);
    const en = await conversation().say(`I want to book a room from 22 to 24 ${m.en} for 2 guests`);
    expect(en.bookingState.step).toBe('room_type');
    expect(en.response).toContain(`Gold (OMR\u00a0${formatOmr(gold, 'en')})`);
    expect(en.response).toContain(`Silver (OMR\u00a0${formatOmr(silver, 'en')})`);
    expect(en.response).not.toContain('Gold (OMR\u00a013.200)');
    const ar = await conversation({ lang: 'ar' }).say(
      toArabicDigits(`أريد حجز غرفة من 22 إلى 24 ${m.ar} لشخصين`),
    );
    expect(ar.bookingState.step).toBe('room_type');
    expect(ar.response).toContain(`الذهبية (${formatOmr(gold, 'ar')}\u00a0ر.ع.)`);
    expect(ar.response).not.toMatch(/[0-9]/);
  });

  it('names the plan a booking is made on, its cancellation rule and what is paid when, before the guest confirms', async () => {
    const toConfirm = async (lang: 'en' | 'ar') => {
      const chat = conversation({ lang });
      let r = await chat.say(`I want to book a silver room from 1 to 3 ${m.en} for 2 guests`);
      for (const answer of ['double bed', 'non smoking', 'Rate Guest', '94443434', 'ID343434']) {
        r = await chat.say(answer);
      }
      expect(r.bookingState.step).toBe('confirm');
      return r.response;
    };
    const en = await toConfirm('en');
    expect(en).toContain(
      '• Rate: Flexible rate: free cancellation or change until 24 hours before check-in on the arrival day',
    );
    expect(en).toMatch(/• Total: OMR\u00a0[\d,.]+ \(no deposit: you pay at the hotel/);
    expect(en).not.toContain('paid in cash');
    // The plan's own rule, as staff set it.
    await patchPlan('standard', { deposit: { kind: 'first_night' } });
    try {
      expect(await toConfirm('en')).toMatch(
        /• Total: OMR\u00a0[\d,.]+ \(a deposit of the first night is paid in advance/,
      );
      expect(await toConfirm('ar')).toContain('يُدفع عربون بقيمة الليلة الأولى مقدماً');
    } finally {
      await patchPlan('standard', { deposit: { kind: 'none' } });
    }
  });

  it('lists the plans guests may book when asked about rates, in both languages', async () => {
    const en = (await conversation().say('What rates do you have?')).response;
    expect(en).toContain('• Flexible rate: room only, no breakfast');
    expect(en).toContain('• Bed and breakfast: 20% above the Flexible rate prices; breakfast included');
    expect(en).toContain('no deposit: you pay at the hotel');
    const ar = (await conversation({ lang: 'ar' }).say('هل يوجد سعر يشمل الإفطار؟')).response;
    expect(ar).toContain('• الإقامة مع الإفطار: أعلى بنسبة ٢٠٪ من أسعار السعر المرن؛ الإفطار مشمول');
  });
});

describe('limits', () => {
  it('takes 2,000 characters and refuses 2,001 with a clear 400 in the language asked', async () => {
    const chat = conversation();
    expect((await chat.raw('a'.repeat(2000))).status).toBe(200);
    const res = await call('/api/chat', {
      method: 'POST',
      lang: 'ar',
      json: { message: 'a'.repeat(2001), sessionId: chat.sessionId, language: 'ar' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('chat_message_too_long');
    expect(body.error.message).toContain('٢٠٠٠');
    expect((await chat.raw('   ')).status).toBe(400);
    expect(
      (await call('/api/chat', { method: 'POST', json: { message: 'hi', sessionId: 'short' } })).status,
    ).toBe(400);
  });

  it('throttles a conversation past 20 messages a minute with 429 and Retry-After', async () => {
    // The limit counts in fixed minutes: the messages are sent at the start of one (a clock
    // faked an hour ahead), so they never straddle two windows (this failed once in a run that
    // crossed a minute's end).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000 + 1_000);
      const chat = conversation();
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await chat.raw('hello')).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await chat.raw('hello');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes conversations older than 30 days in the daily clean-up', async () => {
    const chat = conversation();
    await chat.say('hello');
    const old = Date.now() - 31 * 24 * 60 * 60_000;
    await env.DB.prepare(`update chat_messages set timestamp = ? where session_id like ?`)
      .bind(old, `%${chat.sessionId}`)
      .run();
    await cleanUp(env);
    const left = await env.DB.prepare(`select count(*) as n from chat_messages where session_id like ?`)
      .bind(`%${chat.sessionId}`)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

// Timed against a local fake model: under a full `npm test` on two cores, the slow model's
// answer and its fallback take longer than alone, so these get more room than the rest.
describe('the optional language model', { timeout: 40_000 }, () => {
  const modelEnv = (model: string) => ({
    ...env,
    AI_BASE_URL: env.TEST_FAKE_MODEL_URL,
    AI_API_KEY: 'test-key',
    AI_MODEL: model,
    AI_TIMEOUT_MS: '1000',
  });
  async function ask(model: string, message: string) {
    const res = await call('/api/chat', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '10.99.0.1' },
      json: { message, sessionId: `model-${crypto.randomUUID()}`, language: 'en' },
      env: modelEnv(model),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as Reply).response;
  }
  const FREE_FORM = 'Could you recommend something romantic for an anniversary evening?';

  it('phrases a free-form answer grounded in the hotel facts when one is configured', async () => {
    const answer = await ask('fake-good', FREE_FORM);
    expect(answer).toContain('MODEL ANSWER');
    expect(answer).toContain('grounded: prices');
    expect(answer).toContain('Bearer test-key');
  });

  it('still answers Q&A and facts itself: the model never decides them', async () => {
    expect(await ask('fake-good', 'How much is the silver room?')).toContain('OMR\u00a012.600 a night');
  });

  it('falls back to the built-in answer when the model is too slow', async () => {
    const started = Date.now();
    const answer = await ask('fake-slow', FREE_FORM);
    expect(answer).toContain('I can help you with');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('falls back to the built-in answer when the model fails or says nothing', async () => {
    expect(await ask('fake-broken', FREE_FORM)).toContain('I can help you with');
    expect(await ask('fake-empty', FREE_FORM)).toContain('I can help you with');
  });

  it('uses no model when none is configured (the default)', async () => {
    const chat = conversation();
    expect((await chat.say(FREE_FORM)).response).toContain('I can help you with');
  });
});

describe('POST /api/chat: a guest who asks for a person', () => {
  type Offered = Reply & { offer?: string };

  it('offers the front desk in English and Arabic, whatever the words', async () => {
    const en = conversation();
    for (const message of [
      'I want to speak to a person',
      'human',
      'agent',
      'reception',
      'Can I talk to someone?',
    ]) {
      const reply = (await en.say(message)) as Offered;
      expect(reply.offer, message).toBe('front_desk');
      expect(reply.response, message).toContain('Talk to the front desk');
    }
    const ar = conversation({ lang: 'ar' });
    for (const message of ['أريد التحدث مع موظف', 'كلمني شخص', 'موظف الاستقبال', 'ابي اكلم احد']) {
      const reply = (await ar.say(message)) as Offered;
      expect(reply.offer, message).toBe('front_desk');
      expect(reply.response, message).toContain('تحدث إلى الاستقبال');
    }
  });

  it('keeps a booking in progress, and offers nothing with an answer of its own', async () => {
    const chat = conversation();
    const started = (await chat.say('I want to book a room')) as Offered;
    expect(started.offer).toBeUndefined();
    const asked = (await chat.say('I want to speak to a person')) as Offered;
    expect(asked.offer).toBe('front_desk');
    expect(asked.response).toContain('The booking we started is kept');
    expect(asked.bookingState.step).toBe(started.bookingState.step);
    expect(((await chat.say('What time is breakfast?')) as Offered).offer).toBeUndefined();
  });
});
