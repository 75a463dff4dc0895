import { z } from './zod';

/**
 * WhatsApp through Meta's Cloud API (docs/decisions/089-whatsapp-cloud-api.md): the rules the
 * worker holds and the shapes the web sends, once.
 */

/** How a phone's consent was last given or withdrawn. */
export const WHATSAPP_CONSENT_SOURCES = ['booking', 'profile', 'stop'] as const;
/**
 * What a guest sends, one kind per object of Meta's `messages` webhook (fake/README.md quotes the
 * references): `audio` covers voice notes (`voice: true`), `button` a template's quick reply,
 * `interactive` a reply to a list or reply buttons, `system` a change of number or user id, and
 * `unsupported` whatever Meta cannot show (or this app cannot read): kept, never refused.
 */
export const WHATSAPP_INBOUND_KINDS = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'contacts',
  'button',
  'interactive',
  'reaction',
  'system',
  'unsupported',
] as const;
export type WhatsAppInboundKind = (typeof WHATSAPP_INBOUND_KINDS)[number];
/** Every message kept, in and out (`template`: what the hotel sends outside the window). */
export const WHATSAPP_MESSAGE_KINDS = [...WHATSAPP_INBOUND_KINDS, 'template'] as const;
export type WhatsAppMessageKind = (typeof WHATSAPP_MESSAGE_KINDS)[number];
/** The kinds that come with a medium to fetch (by id, then its URL). */
export const WHATSAPP_MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
export type WhatsAppMediaKind = (typeof WHATSAPP_MEDIA_KINDS)[number];
/**
 * The largest medium kept per kind: Meta's own limits for each type (audio and video 16 MB,
 * documents 100 MB, images 5 MB, stickers 500 KB animated); larger is recorded as not kept.
 */
export const WHATSAPP_MEDIA_MAX_BYTES: Record<WhatsAppMediaKind, number> = {
  image: 5 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  video: 16 * 1024 * 1024,
  document: 100 * 1024 * 1024,
  sticker: 512 * 1024,
};
/** A medium's state: fetched after its message is kept, once; `failed` when it never can be. */
export const WHATSAPP_MEDIA_STATES = ['pending', 'stored', 'failed'] as const;
export type WhatsAppMediaState = (typeof WHATSAPP_MEDIA_STATES)[number];
/** A webhook's body at most (Meta: deliveries up to 3 MB). */
export const WHATSAPP_WEBHOOK_MAX_BYTES = 3 * 1024 * 1024;

/**
 * A business-scoped user id (BSUID): Meta's id of a WhatsApp user who may show a username instead
 * of a phone number, "a two-letter ISO country code, a period, and up to 128 alphanumeric
 * characters" (`US.13491208655302741918`; a parent id has `ENT.` after the country). Never all
 * digits, so it cannot be taken for a phone number.
 */
export function isWhatsAppUserId(value: string): boolean {
  return /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/.test(value);
}
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
