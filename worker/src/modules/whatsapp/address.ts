import { normalizePhone } from '@shared/digits';
import { isWhatsAppUserId } from '@shared/whatsapp';

/**
 * A guest's WhatsApp address, the key of everything this module keeps per guest (their messages'
 * `phone`, their consent, their outbox rows, their thread's `phone`): their phone number,
 * normalised, or, when Meta shares no number (a guest with a username who has not written
 * lately, docs/decisions/089-whatsapp-cloud-api.md), their business-scoped user id (`OM.1234…`,
 * never all digits). A message that carries both is kept under the phone, and teaches which phone
 * a user id belongs to, so a later message with the id alone lands on the same thread.
 */
export function phoneAddress(from: string): string {
  // Meta's `wa_id` / `from` is always the full international number (never a local one), so an
  // 8-digit number from abroad is not read as Omani.
  return normalizePhone(`+${from}`);
}

/**
 * Who a message goes to, as the Cloud API takes it: `recipient` (a user id) or `to` as `+` and the
 * full international number (docs/decisions/096-phone-numbers-in-full.md).
 */
export function recipientOf(address: string): string {
  return isWhatsAppUserId(address) ? address : `+${normalizePhone(address)}`;
}
