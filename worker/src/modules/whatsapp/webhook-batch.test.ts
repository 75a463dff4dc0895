import { describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import { count, json, uniquePhone } from '@worker-test/builders';
import { signatureOf } from './index';
import { FAKE_WHATSAPP } from './config';
import { newWamid } from './fake/payloads';

/**
 * A webhook carrying many messages at once (Meta batches them, in several entries, as many as 3 MB
 * holds): kept, each once, never a 500 (D1 binds at most 100
 * values in a statement; the attack of docs/security/attack-2026-11-27.md found the known-wamid read
 * refused past that).
 */
function batch(phone: string, entries: number, perEntry: number) {
  const at = String(Math.floor(Date.now() / 1000));
  return {
    object: 'whatsapp_business_account',
    entry: Array.from({ length: entries }, (_, e) => ({
      id: FAKE_WHATSAPP.businessAccountId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: FAKE_WHATSAPP.displayPhoneNumber,
              phone_number_id: FAKE_WHATSAPP.phoneNumberId,
            },
            contacts: [{ profile: { name: 'Batch Guest' }, wa_id: phone }],
            messages: Array.from({ length: perEntry }, (_, i) => ({
              from: phone,
              id: newWamid(),
              timestamp: at,
              type: 'text',
              text: { body: `batch ${e}-${i}` },
            })),
          },
        },
      ],
    })),
  };
}

async function deliver(body: unknown) {
  const raw = JSON.stringify(body);
  return call('/api/whatsapp/webhook', {
    method: 'POST',
    body: raw,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': await signatureOf(FAKE_WHATSAPP.appSecret, raw),
    },
  });
}

describe('a webhook with many messages', () => {
  it('keeps 150 messages of one delivery, and a second delivery of it adds none', async () => {
    const phone = uniquePhone();
    const body = batch(phone, 5, 30);
    const res = await deliver(body);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ received: true, messages: 150 });
    const stored = () =>
      count("select count(*) as n from whatsapp_messages where phone = ? and direction = 'in'", phone);
    expect(await stored()).toBe(150);
    const again = await deliver(body);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await stored()).toBe(150);
  });
});
