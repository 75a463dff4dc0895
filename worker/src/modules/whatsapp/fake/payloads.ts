import { FAKE_WHATSAPP } from '../config';

/**
 * The webhook bodies Meta sends for the `messages` field of a WhatsApp Business Account
 * (README.md beside this file quotes the reference): one entry (the account), one change, its
 * `value` with `messaging_product`, `metadata`, and `contacts` + `messages` or `statuses`.
 */
function envelope(value: Record<string, unknown>, phoneNumberId: string = FAKE_WHATSAPP.phoneNumberId) {
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
                phone_number_id: phoneNumberId,
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

/** A message's own part: its `type` and the object of that name (Meta's webhook references). */
export type InboundContent = { type: string } & Record<string, unknown>;

/** Who writes: their phone (`from`, `wa_id`), or, with a username and no phone shared, their user id. */
export type InboundSender = { phone: string } | { userId: string; username?: string };

/**
 * A guest's message as Meta sends it: `contacts[0]` (the profile's name, `wa_id` and the
 * business-scoped `user_id`; `username` when they have one) and `messages[0]` (`from` and
 * `from_user_id`, `id`, `timestamp`, `type` and its object). A guest with a username who shares no
 * phone comes without `from` and `wa_id`.
 */
export function inboundPayload(
  sender: InboundSender | string,
  name: string,
  wamid: string,
  at: Date,
  content: InboundContent,
  options: { phoneNumberId?: string; userId?: string } = {},
) {
  const who: InboundSender = typeof sender === 'string' ? { phone: sender } : sender;
  const userId = 'userId' in who ? who.userId : options.userId;
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const contact =
    'phone' in who
      ? { profile: { name }, wa_id: who.phone, ...(userId ? { user_id: userId } : {}) }
      : { profile: { name, ...(who.username ? { username: who.username } : {}) }, user_id: who.userId };
  const message =
    'phone' in who
      ? { from: who.phone, ...(userId ? { from_user_id: userId } : {}), id: wamid, timestamp, ...content }
      : { from_user_id: who.userId, id: wamid, timestamp, ...content };
  return envelope({ contacts: [contact], messages: [message] }, options.phoneNumberId);
}

/**
 * JSON as Meta writes a webhook's body: every character beyond ASCII as `\uXXXX` (UTF-16, an
 * emoji as its two halves) and `/` as `\/`. The signature is over these very bytes.
 */
export function metaJson(body: unknown): string {
  return JSON.stringify(body)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
}

export type FakeStatus = 'sent' | 'delivered' | 'read' | 'failed';

export function statusPayload(
  wamid: string,
  recipient: string,
  status: FakeStatus,
  at: Date,
  error?: { code: number; title: string; message: string; details: string },
  phoneNumberId?: string,
) {
  return envelope(
    {
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
    },
    phoneNumberId,
  );
}

/** A wamid in Meta's look (`wamid.` and base64 of an opaque id). */
export function newWamid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `wamid.${btoa(String.fromCharCode(...bytes))}`;
}
