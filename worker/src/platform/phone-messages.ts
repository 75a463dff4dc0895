import { desc, eq } from 'drizzle-orm';
import { normalizePhone } from '@shared/digits';
import { devMessages } from './tables';
import type { Db, Env } from './env';

/**
 * Sending a text to a phone (the phone-verification codes, modules/accounts/phone-verification.ts,
 * and a booking's news when its guest gave no e-mail, modules/messaging/email-delivery.ts), like
 * platform/mail.ts does for e-mail. The channel is configuration (PHONE_PROVIDER):
 * - `sms`: POST {from, to, text} as JSON with a bearer token to SMS_HTTP_URL (the shape of
 *   most SMS gateways' JSON APIs, or a close variant of it; `to` in E.164, "+968..."). In
 *   development nothing leaves the machine: the message is written to the dev outbox
 *   (`dev_messages`, GET /api/dev/messages).
 * - `whatsapp`: through the WhatsApp module, with Meta's rules and the guest's consent as for every
 *   WhatsApp message (installed by the entry, `installWhatsAppPhoneSender`; platform imports no
 *   module): a code the guest asked for goes as the authentication template; a booking's news as
 *   text inside the guest's 24-hour window, else as its template, and not at all to a phone that
 *   never opted in (`PhoneMessageRefused`). The provider's HTTP 200 means accepted: delivered,
 *   read or failed come later by the status webhooks (whatsapp_messages). In development the text
 *   is kept in the dev outbox too, and the WhatsApp link is the fake.
 */
export type PhoneChannel = 'sms' | 'whatsapp';
export type PhoneMessage = {
  /** The phone in full (shared/src/phone.ts: 96891234567). */
  to: string;
  text: string;
  /** A verification code alone, for the WhatsApp authentication template's parameters. */
  code?: string;
  /**
   * A booking's news outside the WhatsApp window: its template's values, named (the reference and
   * the booking's link; modules/whatsapp/templates.ts automaticValues).
   */
  said?: [string, string][];
  language: 'ar' | 'en';
};

/** The WhatsApp module's answer: the provider took it (its id), or the rules refused it (why). */
export type PhoneSendOutcome = { accepted: true; id: string } | { accepted: false; reason: string };
export type WhatsAppPhoneSender = (env: Env, db: Db, message: PhoneMessage) => Promise<PhoneSendOutcome>;

/** A message the rules refused (no opt-in, a STOP, no approved template): not to be tried again. */
export class PhoneMessageRefused extends Error {
  constructor(readonly reason: string) {
    super(`phone message refused: ${reason}`);
  }
}

let whatsappSender: WhatsAppPhoneSender | null = null;

/** The entry installs the WhatsApp module's sender once (worker/src/index.ts). */
export function installWhatsAppPhoneSender(sender: WhatsAppPhoneSender): void {
  whatsappSender = sender;
}

export function phoneChannel(env: Pick<Env, 'PHONE_PROVIDER'>): PhoneChannel {
  return env.PHONE_PROVIDER === 'whatsapp' ? 'whatsapp' : 'sms';
}

/** Sends the message by the configured channel (the dev outbox in development). */
export async function sendPhoneMessage(env: Env, db: Db, message: PhoneMessage): Promise<PhoneChannel> {
  const channel = phoneChannel(env);
  if (env.ENVIRONMENT === 'development') {
    await db.insert(devMessages).values({ to: message.to, channel, text: message.text });
    if (channel === 'sms') return channel;
  }
  if (channel === 'whatsapp') {
    if (!whatsappSender) throw new Error('No WhatsApp sender installed (worker/src/index.ts).');
    const outcome = await whatsappSender(env, db, message);
    if (!outcome.accepted) throw new PhoneMessageRefused(outcome.reason);
    return channel;
  }
  const res = await sendSms(env, message);
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
    body: JSON.stringify({ from: env.SMS_FROM, to: `+${normalizePhone(message.to)}`, text: message.text }),
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
