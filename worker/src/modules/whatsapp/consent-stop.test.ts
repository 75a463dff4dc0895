import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { call, phoneProof, signUp } from '@worker-test/helpers';
import { book, json, one, setBookingStatus, uniquePhone } from '@worker-test/builders';
import { deliverWhatsApp } from './index';

/**
 * A phone's "STOP" is its owner's word (Meta delivered it from that number). A booking's "updates on
 * WhatsApp" is ticked by whoever typed the phone, proven by nothing: the attack of
 * docs/security/attack-2026-11-27.md made a booking with the number of somebody who had written
 * STOP, ticked the box, and the phone was opted in again (source booking) and sent the booking's
 * confirmation. A STOP stands against a booking; the owner turns updates on again from their
 * profile, for a phone they proved.
 */
const db = drizzle(env.DB);
const consentOf = (phone: string) =>
  one<{ opted_in: number; source: string }>(
    'select opted_in, source from whatsapp_consents where phone = ?',
    phone,
  );
const sentTo = async (phone: string) =>
  (await json<{ waId: string; type: string }[]>(await call('/api/dev/whatsapp/sent'))).filter(
    (s) => s.waId === phone,
  );
/** Noon in Muscat today (outside the quiet hours). */
const noon = () => {
  const d = new Date();
  d.setUTCHours(8, 0, 0, 0);
  return d;
};

describe('a STOP and a later booking with the phone', () => {
  it('the booking’s tick does not opt the phone in again, nor send it the confirmation', async () => {
    const phone = uniquePhone();
    const stop = await call('/api/dev/whatsapp/inbound', {
      method: 'POST',
      json: { from: phone, text: 'STOP' },
    });
    expect(stop.status, await stop.clone().text()).toBe(200);
    expect(await consentOf(phone)).toMatchObject({ opted_in: 0, source: 'stop' });
    await deliverWhatsApp(env, db, noon());
    const acknowledged = (await sentTo(phone)).length;

    const booking = await book({ fullName: 'Someone Else', phoneNumber: phone, whatsappOptIn: true });
    expect(await consentOf(phone)).toMatchObject({ opted_in: 0, source: 'stop' });
    await setBookingStatus(booking.id, 'approved');
    await deliverWhatsApp(env, db, noon());
    expect(await sentTo(phone)).toHaveLength(acknowledged);
    expect(
      await one("select id from whatsapp_outbox where phone = ? and kind = 'confirmation'", phone),
    ).toBeNull();
  });

  it('the owner turns updates on again from their profile, for the phone they proved', async () => {
    const phone = uniquePhone();
    await call('/api/dev/whatsapp/inbound', { method: 'POST', json: { from: phone, text: 'إيقاف' } });
    const { cookie } = await signUp('Phone Owner');
    const on = await call('/api/whatsapp/opt-in', {
      method: 'PUT',
      cookie: `${cookie}; ${await phoneProof(phone)}`,
      json: { phone, optIn: true },
    });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await consentOf(phone)).toMatchObject({ opted_in: 1, source: 'profile' });
  });
});
