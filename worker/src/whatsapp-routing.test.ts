import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import { databaseOf, MUSCAT, SALALAH, setUpSalalah } from '@worker-test/chain';
import { FAKE_WHATSAPP, signatureOf } from './modules/whatsapp';
import { forgetHotels } from './platform/hotels';

/**
 * WhatsApp's one webhook for the chain (docs/decisions/103, "WhatsApp"; whatsapp-routing.ts): Meta
 * calls one URL whatever number a guest wrote to; each change reaches the hotel whose number it
 * names, the signature checked there over the same bytes, and no hotel keeps another's message.
 */

const SALALAH_NUMBER = '209876543210987';

beforeAll(async () => {
  await setUpSalalah();
  await env
    .CHAIN_DB!.prepare("UPDATE hotels SET settings = ? WHERE code = 'salalah'")
    .bind(JSON.stringify({ WHATSAPP_PHONE_NUMBER_ID: SALALAH_NUMBER }))
    .run();
  forgetHotels();
});

type Change = { number: string; from: string; text: string };

/** A delivery as Meta sends it: one entry of the business account, a change per number. */
function delivery(changes: Change[]) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: FAKE_WHATSAPP.businessAccountId,
        changes: changes.map(({ number, from, text }) => ({
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '96824000000', phone_number_id: number },
            contacts: [{ profile: { name: 'Routed Guest' }, wa_id: from }],
            messages: [
              {
                from,
                id: `wamid.${crypto.randomUUID()}`,
                timestamp: String(Math.floor(Date.now() / 1000)),
                type: 'text',
                text: { body: text },
              },
            ],
          },
        })),
      },
    ],
  });
}

/** Posts a delivery to the default host (Muscat's), signed as Meta signs it unless `signature` says. */
async function post(raw: string, signature?: string) {
  return call('/api/whatsapp/webhook', {
    method: 'POST',
    body: raw,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signature ?? (await signatureOf(FAKE_WHATSAPP.appSecret, raw)),
    },
  });
}

const kept = (code: string, text: string) =>
  databaseOf(code)
    .prepare('select count(*) as n from whatsapp_messages where body = ?')
    .bind(text)
    .first<{ n: number }>()
    .then((r) => r!.n);

describe("WhatsApp's one webhook across the chain's hotels", () => {
  it("a message to Salalah's number, delivered at Muscat's address, is Salalah's alone", async () => {
    const text = `to Salalah ${crypto.randomUUID()}`;
    const res = await post(delivery([{ number: SALALAH_NUMBER, from: '96891230001', text }]));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await kept(SALALAH, text)).toBe(1);
    expect(await kept(MUSCAT, text)).toBe(0);
  });

  it('one delivery with a change for each number: each hotel keeps its own, once, even delivered twice', async () => {
    const toMuscat = `to Muscat ${crypto.randomUUID()}`;
    const toSalalah = `to Salalah ${crypto.randomUUID()}`;
    const raw = delivery([
      { number: FAKE_WHATSAPP.phoneNumberId, from: '96891230002', text: toMuscat },
      { number: SALALAH_NUMBER, from: '96891230003', text: toSalalah },
    ]);
    for (let i = 0; i < 2; i++) {
      const res = await post(raw);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect([await kept(MUSCAT, toMuscat), await kept(MUSCAT, toSalalah)]).toEqual([1, 0]);
    expect([await kept(SALALAH, toSalalah), await kept(SALALAH, toMuscat)]).toEqual([1, 0]);
  });

  it('a wrong signature is refused and nothing is kept anywhere; a number no hotel has is left out', async () => {
    const text = `forged ${crypto.randomUUID()}`;
    const forged = await post(delivery([{ number: SALALAH_NUMBER, from: '96891230004', text }]), 'sha256=00');
    expect(forged.status).toBe(401);
    expect(await kept(SALALAH, text)).toBe(0);

    const stray = `stray ${crypto.randomUUID()}`;
    const res = await post(delivery([{ number: '999999999999999', from: '96891230005', text: stray }]));
    expect(res.status).toBe(200);
    expect([await kept(MUSCAT, stray), await kept(SALALAH, stray)]).toEqual([0, 0]);
  });
});
