import { FAKE_WHATSAPP } from '../config';

/**
 * The webhook bodies Meta sends for the `messages` field of a WhatsApp Business Account
 * (README.md beside this file quotes the reference): one entry (the account), one change, its
 * `value` with `messaging_product`, `metadata`, and `contacts` + `messages` or `statuses`.
 */
function envelope(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: FAKE_WHATSAPP.businessAccountId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: FAKE_WHATSAPP.displayPhoneNumber,
                phone_number_id: FAKE_WHATSAPP.phoneNumberId,
              },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

export type InboundContent =
  | { type: 'text'; text: { body: string } }
  | { type: 'image'; image: { id: string; mime_type: string; sha256: string; caption?: string } }
  | { type: 'location'; location: { latitude: number; longitude: number; name?: string; address?: string } };

export function inboundPayload(from: string, name: string, wamid: string, at: Date, content: InboundContent) {
  return envelope({
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id: wamid, timestamp: String(Math.floor(at.getTime() / 1000)), ...content }],
  });
}

export type FakeStatus = 'sent' | 'delivered' | 'read' | 'failed';

export function statusPayload(
  wamid: string,
  recipient: string,
  status: FakeStatus,
  at: Date,
  error?: { code: number; title: string; message: string; details: string },
) {
  return envelope({
    statuses: [
      {
        id: wamid,
        status,
        timestamp: String(Math.floor(at.getTime() / 1000)),
        recipient_id: recipient,
        ...(status === 'failed'
          ? {
              errors: [
                {
                  code: error?.code ?? 131026,
                  title: error?.title ?? 'Message undeliverable',
                  message: error?.message ?? 'Message undeliverable',
                  error_data: { details: error?.details ?? 'Message could not be delivered.' },
                },
              ],
            }
          : {
              conversation: { id: `conv-${recipient}`, origin: { type: 'service' } },
              pricing: { billable: true, pricing_model: 'PMP', category: 'service', type: 'regular' },
            }),
      },
    ],
  });
}

/** A wamid in Meta's look (`wamid.` and base64 of an opaque id). */
export function newWamid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `wamid.${btoa(String.fromCharCode(...bytes))}`;
}
