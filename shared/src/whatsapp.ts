import { z } from './zod';

/**
 * WhatsApp through Meta's Cloud API (docs/decisions/089-whatsapp-cloud-api.md): the rules the
 * worker holds and the shapes the web sends, once.
 */

/** How a phone's consent was last given or withdrawn. */
export const WHATSAPP_CONSENT_SOURCES = ['booking', 'profile', 'stop'] as const;
export const WHATSAPP_MESSAGE_KINDS = ['text', 'image', 'location', 'template', 'other'] as const;
/** `received`: an inbound message; `accepted`: the provider took an outbound one; then its statuses. */
export const WHATSAPP_MESSAGE_STATUSES = [
  'received',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;
export type WhatsAppMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];
export const WHATSAPP_OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;

/** What the hotel sends by itself, once per stay each (and the acknowledgement of an opt-out). */
export const WHATSAPP_AUTO_KINDS = [
  'confirmation',
  'pre_arrival',
  'deposit',
  'invoice',
  'review_request',
  // The extras the stay may buy, a few days before arrival (docs/decisions/098-stay-extras.md).
  'extras_offer',
] as const;
export type WhatsAppAutoKind = (typeof WHATSAPP_AUTO_KINDS)[number];

/** Meta's customer service window: free text only this long after the guest's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 3600_000;
/** No automatic message between these hours, Muscat time (held until the end), … */
export const WHATSAPP_QUIET_HOURS = { from: 22, to: 8 } as const;
/** … unless the guest wrote this recently. */
export const WHATSAPP_QUIET_EXCEPTION_MS = 3600_000;
/** Days before arrival the pre-arrival message goes (with the online check-in link). */
export const WHATSAPP_PRE_ARRIVAL_DAYS = 2;
/** Days before arrival the extras' message goes (with the link to the stay's extras). */
export const WHATSAPP_EXTRAS_DAYS = 3;
/** Meta's limit on a text message's body. */
export const WHATSAPP_TEXT_MAX = 4096;

/** Words that withdraw the consent ("STOP", "إيقاف"), compared trimmed and case-folded. */
export const WHATSAPP_STOP_WORDS = ['stop', 'إيقاف', 'ايقاف', 'توقف'] as const;

export function isStopWord(text: string): boolean {
  return (WHATSAPP_STOP_WORDS as readonly string[]).includes(text.trim().toLowerCase());
}

/** The numbered parameters a template body names ({{1}} … {{n}}): n. */
export function templateParameterCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{(\d+)\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

/** A template's body with its parameters put in. */
export function renderTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (all, n: string) => parameters[Number(n) - 1] ?? all);
}

/** Staff send on WhatsApp: free text (inside the window) or an approved template with its parameters. */
export const whatsappSendSchema = z.union([
  z.object({
    text: z
      .string({ error: 'message_text_required' })
      .trim()
      .min(1, 'message_text_required')
      .max(WHATSAPP_TEXT_MAX, 'message_text_too_long'),
  }),
  z.object({
    template: z
      .string({ error: 'template_required' })
      .min(1, 'template_required')
      .max(512, 'template_required'),
    language: z.enum(['ar', 'en'], { error: 'template_language_invalid' }).optional(),
    parameters: z
      .array(z.string().trim().min(1, 'template_parameter_required').max(1024, 'template_parameter_required'))
      .max(20, 'template_parameter_required')
      .default([]),
  }),
]);
export type WhatsAppSend = z.infer<typeof whatsappSendSchema>;

/** The guest's own choice in their profile. */
export const whatsappOptInSchema = z.object({ optIn: z.boolean({ error: 'invalid_whatsapp_opt_in' }) });
