import { describe, expect, it } from 'vitest';
import { book, grantCookie, json, uniquePhone } from '@worker-test/builders';
import { call, latestPhoneCode, phoneProof, signUp } from '@worker-test/helpers';

/**
 * A phone typed into a booking proves nothing (docs/security/attack-2026-11-27.md): an account
 * whose profile carries that phone reads the app's chat of its thread, and a WhatsApp message from
 * the phone lands on that thread; what came or went on WhatsApp is shown in the app only to an
 * account that proved the phone. A booking's link holder reads the booking's own thread, where
 * WhatsApp never lands.
 */
type Message = { text: string; channel: string };

/** The phone's owner writes on WhatsApp (through the fake: signed and delivered as Meta does). */
async function ownerWrites(phone: string, text: string) {
  const res = await call('/api/dev/whatsapp/inbound', {
    method: 'POST',
    json: { from: phone, text },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const texts = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ messages: Message[] }>(res)).messages.map((m) => m.text);
};

describe('a booking made with somebody else’s phone', () => {
  it('its link reads none of what the phone’s owner says on WhatsApp, proven on the device or not', async () => {
    const phone = uniquePhone();
    const booking = await book({ fullName: 'Mallory Intruder', phoneNumber: phone });
    const link = await grantCookie(booking);
    // The booking's holder writes first (their thread is made with the booking's phone) …
    const hello = await call('/api/messages', {
      method: 'POST',
      cookie: link,
      json: { text: 'Hello from the app', bookingId: booking.id },
    });
    expect(hello.status, await hello.clone().text()).toBe(201);
    // … then the phone's real owner writes on WhatsApp.
    await ownerWrites(phone, 'My passport number is N1234567');

    const seen = await texts(await call(`/api/messages?bookingId=${booking.id}`, { cookie: link }));
    expect(seen).toContain('Hello from the app');
    expect(seen).not.toContain('My passport number is N1234567');

    // The same link on a device that proved the phone by its code reads its booking's thread all
    // the same: the booking's chat is the booking's; the phone's WhatsApp conversation
    // is read on WhatsApp, and in the app by an account that proved the phone (below).
    const proven = `${link}; ${await phoneProof(phone)}`;
    expect(await texts(await call(`/api/messages?bookingId=${booking.id}`, { cookie: proven }))).toEqual([
      'Hello from the app',
    ]);
  });

  it('the phone’s owner wrote first: a booking made later with the phone reads none of it, then or after', async () => {
    const phone = uniquePhone();
    await ownerWrites(phone, 'Is the pool open at night?');
    const booking = await book({ fullName: 'Mallory Later', phoneNumber: phone });
    const link = await grantCookie(booking);
    const hello = await call('/api/messages', {
      method: 'POST',
      cookie: link,
      json: { text: 'Anyone there?', bookingId: booking.id },
    });
    expect(hello.status, await hello.clone().text()).toBe(201);
    await ownerWrites(phone, 'My room is 304, the code is 4411');
    const seen = await texts(await call(`/api/messages?bookingId=${booking.id}`, { cookie: link }));
    expect(seen).toContain('Anyone there?');
    expect(seen).not.toContain('Is the pool open at night?');
    expect(seen).not.toContain('My room is 304, the code is 4411');
  });

  it('a signed-in account reads its WhatsApp messages only for a phone it proved', async () => {
    const phone = uniquePhone();
    const guest = await signUp('Account With Phone');
    const booking = await book(
      { fullName: 'Account With Phone', phoneNumber: phone },
      { cookie: guest.cookie },
    );
    const hello = await call('/api/messages', {
      method: 'POST',
      cookie: guest.cookie,
      json: { text: 'Hi from my account', bookingId: booking.id },
    });
    expect(hello.status, await hello.clone().text()).toBe(201);
    await ownerWrites(phone, 'Sent from the phone on WhatsApp');
    const unproven = await texts(await call('/api/messages', { cookie: guest.cookie }));
    expect(unproven).toContain('Hi from my account');
    expect(unproven).not.toContain('Sent from the phone on WhatsApp');
    const proven = await texts(
      await call('/api/messages', { cookie: `${guest.cookie}; ${await phoneProof(phone)}` }),
    );
    expect(proven).toEqual(expect.arrayContaining(['Hi from my account', 'Sent from the phone on WhatsApp']));
  });

  it('the account’s export holds the WhatsApp messages of a phone only once the account proved it', async () => {
    const phone = uniquePhone();
    const guest = await signUp('Exporting Guest');
    const booking = await book({ fullName: 'Exporting Guest', phoneNumber: phone }, { cookie: guest.cookie });
    const hello = await call('/api/messages', {
      method: 'POST',
      cookie: guest.cookie,
      json: { text: 'Mine, from the app', bookingId: booking.id },
    });
    expect(hello.status, await hello.clone().text()).toBe(201);
    await ownerWrites(phone, 'The phone owner’s own words');
    const exported = async () =>
      (
        await json<{ conversations: { messages: { text: string }[] } }>(
          await call('/api/account/export', { cookie: guest.cookie }),
        )
      ).conversations.messages.map((m) => m.text);
    expect(await exported()).toContain('Mine, from the app');
    expect(await exported()).not.toContain('The phone owner’s own words');

    // The account proves the phone by its code: the export holds the whole thread.
    const sent = await call('/api/phone-verification/request', {
      method: 'POST',
      cookie: guest.cookie,
      json: { phoneNumber: phone },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const verified = await call('/api/phone-verification/verify', {
      method: 'POST',
      cookie: guest.cookie,
      json: { phoneNumber: phone, verificationCode: await latestPhoneCode(phone) },
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect(await exported()).toEqual(
      expect.arrayContaining(['Mine, from the app', 'The phone owner’s own words']),
    );
  });
});
