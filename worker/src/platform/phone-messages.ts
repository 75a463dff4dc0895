import { desc, eq } from 'drizzle-orm';
import { devMessages } from './tables';
import type { Db, Env } from './env';

/**
 * Sending a text to a phone (the phone-verification codes, modules/accounts/phone-verification.ts,
 * and a booking's news when its guest gave no e-mail, modules/messaging/email-delivery.ts), like
 * platform/mail.ts does for e-mail. The channel is configuration (PHONE_PROVIDER):
 * - `sms`: POST {from, to, text} as JSON with a bearer token to SMS_HTTP_URL (the shape of
 *   most SMS gateways' JSON APIs, or a close variant of it; `to` in E.164, "+968...").
 * - `whatsapp`: the WhatsApp Cloud API, POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages
 *   with the bearer WHATSAPP_TOKEN: an approved authentication template when WHATSAPP_TEMPLATE
 *   names one (what WhatsApp requires for a message the business starts), else a text message.
 * In development nothing leaves the machine: every message is written to the dev outbox
 * (`dev_messages`, GET /api/dev/messages), with the channel it would have gone by.
 */
export type PhoneChannel = 'sms' | 'whatsapp';
export type PhoneMessage = {
  /** The normalised phone (shared/src/digits.ts normalizePhone). */
  to: string;
  text: string;
  /**
   * A verification code alone, for a WhatsApp authentication template's parameters; a message
   * without one (a booking's news) goes to WhatsApp as plain text.
   */
  code?: string;
  language: 'ar' | 'en';
};

export const WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';

export function phoneChannel(env: Pick<Env, 'PHONE_PROVIDER'>): PhoneChannel {
  return env.PHONE_PROVIDER === 'whatsapp' ? 'whatsapp' : 'sms';
}

/** The phone in international digits: a local Omani number (8 digits) gets 968 in front. */
export function internationalDigits(phone: string): string {
  return phone.length === 8 ? `968${phone}` : phone;
}

/** Sends the message by the configured channel (the dev outbox in development). */
export async function sendPhoneMessage(env: Env, db: Db, message: PhoneMessage): Promise<PhoneChannel> {
  const channel = phoneChannel(env);
  if (env.ENVIRONMENT === 'development') {
    await db.insert(devMessages).values({ to: message.to, channel, text: message.text });
    return channel;
  }
  const res = channel === 'whatsapp' ? await sendWhatsApp(env, message) : await sendSms(env, message);
  if (!res.ok) throw new Error(`${channel} provider answered ${res.status}`);
  return channel;
}

function sendSms(env: Env, message: PhoneMessage) {
  if (!env.SMS_HTTP_URL || !env.SMS_HTTP_TOKEN) {
    throw new Error('SMS_HTTP_URL and SMS_HTTP_TOKEN are required to send SMS.');
  }
  return fetch(env.SMS_HTTP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${env.SMS_HTTP_TOKEN}` },
    body: JSON.stringify({
      from: env.SMS_FROM,
      to: `+${internationalDigits(message.to)}`,
      text: message.text,
    }),
  });
}

function sendWhatsApp(env: Env, message: PhoneMessage) {
  if (!env.WHATSAPP_PHONE_NUMBER_ID || !env.WHATSAPP_TOKEN) {
    throw new Error('WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN are required to send WhatsApp messages.');
  }
  const base = (env.WHATSAPP_API_URL ?? WHATSAPP_API_URL).replace(/\/+$/, '');
  const to = internationalDigits(message.to);
  const body =
    env.WHATSAPP_TEMPLATE && message.code !== undefined
      ? {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: {
            name: env.WHATSAPP_TEMPLATE,
            language: { code: message.language },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: message.code }] },
              // Authentication templates carry a copy-code button holding the code too.
              {
                type: 'button',
                sub_type: 'url',
                index: '0',
                parameters: [{ type: 'text', text: message.code }],
              },
            ],
          },
        }
      : { messaging_product: 'whatsapp', to, type: 'text', text: { body: message.text } };
  return fetch(`${base}/${encodeURIComponent(env.WHATSAPP_PHONE_NUMBER_ID)}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${env.WHATSAPP_TOKEN}` },
    body: JSON.stringify(body),
  });
}

/** The messages "sent" to a phone in development, newest first (at most 50; modules/operations/routes/dev.ts). */
export function devMessagesOf(db: Db, to: string) {
  return db
    .select({
      to: devMessages.to,
      channel: devMessages.channel,
      text: devMessages.text,
      createdAt: devMessages.createdAt,
    })
    .from(devMessages)
    .where(eq(devMessages.to, to))
    .orderBy(desc(devMessages.id))
    .limit(50);
}
