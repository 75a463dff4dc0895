import { normalizePhone } from '@shared/digits';
import { isWhatsAppUserId } from '@shared/whatsapp';
import { internationalDigits } from '../../platform/phone-messages';

/**
 * A guest's WhatsApp address, the key of everything this module keeps per guest (their messages'
 * `phone`, their consent, their outbox rows, their thread's `phone`): their phone number,
 * normalised, or, when Meta shares no number (a guest with a username who has not written
 * lately, docs/decisions/089-whatsapp-cloud-api.md), their business-scoped user id (`OM.1234…`,
 * never all digits). A message that carries both is kept under the phone, and teaches which phone
 * a user id belongs to, so a later message with the id alone lands on the same thread.
 */
export function phoneAddress(from: string): string {
  return normalizePhone(from);
}

/** Who a message goes to, as the Cloud API takes it: `to` (a phone) or `recipient` (a user id). */
export function recipientOf(address: string): string {
  return isWhatsAppUserId(address) ? address : internationalDigits(address);
}
