import { normalizePhone } from '@shared/digits';
import { ApiError } from '../../platform/api-error';
import type { Db, Env } from '../../platform/env';
import type { PhoneMessage, PhoneSendOutcome } from '../../platform/phone-messages';
import { whatsappSettings } from './config';
import { lastInboundAt } from './messages';
import { windowOpen } from './rules';
import { sendToPhone, type SendContent } from './sending';
import { refreshTemplatesIfStale } from './templates';

/**
 * The phone messages' WhatsApp channel (`PHONE_PROVIDER=whatsapp`, platform/phone-messages.ts),
 * under the same rules as every WhatsApp message (sending.ts): a verification code the guest asked
 * for goes as the authentication template (`WHATSAPP_TEMPLATE`, else `verification_code`: its code
 * in the body and on the copy-code button), their request being the opt-in for it; a booking's news
 * goes as text inside the guest's 24-hour window, else as the `booking_update` template, and only
 * to a phone that opted in. What the provider accepted is kept (whatsapp_messages, `accepted`) and
 * its statuses come by the webhook; a refusal by the rules is answered, not thrown, so the caller
 * marks it once and does not try again.
 */
const REFUSALS = new Set([
  'whatsapp_not_opted_in',
  'whatsapp_opted_out',
  'window_closed',
  'template_not_approved',
  'template_parameters_mismatch',
  'whatsapp_unavailable',
]);

export async function whatsappPhoneSender(
  env: Env,
  db: Db,
  message: PhoneMessage,
): Promise<PhoneSendOutcome> {
  const phone = normalizePhone(message.to);
  const now = new Date();
  let content: SendContent;
  if (message.code !== undefined) {
    content = {
      template: env.WHATSAPP_TEMPLATE || 'verification_code',
      language: message.language,
      said: [['code', message.code]],
    };
  } else {
    const open = windowOpen(await lastInboundAt(db, phone), now);
    content = open
      ? { text: message.text }
      : { template: 'booking_update', language: message.language, said: message.said ?? [] };
  }
  try {
    // A template is sent as last read from the provider: read again when never read or stale.
    const settings = whatsappSettings(env);
    if (settings && 'template' in content) await refreshTemplatesIfStale(env, db, settings, now);
    const { wamid } = await sendToPhone(env, db, phone, content, {
      now,
      language: message.language,
      requested: message.code !== undefined,
    });
    return { accepted: true, id: wamid };
  } catch (err) {
    if (err instanceof ApiError && REFUSALS.has(err.code)) return { accepted: false, reason: err.code };
    throw err;
  }
}
