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
  // The extras the stay may buy, a few days before arrival (docs/decisions/098-stay-extras.md).
  'extras_offer',
] as const;
export type WhatsAppAutoKind = (typeof WHATSAPP_AUTO_KINDS)[number];

/**
 * What each automatic send says, in the order of its positional template's {{1}}, {{2}}… and by
 * these names in a NAMED one (worker/src/modules/whatsapp/delivery.ts, templates.ts
 * automaticValues); `booking_update` is the news of a booking texted on WhatsApp
 * (PHONE_PROVIDER=whatsapp), `verification_code` the phone codes. The inbox names a template's
 * fields by them.
 */
export const WHATSAPP_PURPOSE_FIELDS: Record<string, readonly string[]> = {
  booking_confirmation: [
    'guest_name',
    'booking_reference',
    'check_in_date',
    'check_out_date',
    'booking_link',
  ],
  pre_arrival: ['guest_name', 'check_in_date', 'check_in_link'],
  deposit_request: ['guest_name', 'amount_due', 'payment_link'],
  stay_invoice: ['guest_name', 'invoice_link'],
  review_request: ['guest_name', 'review_link'],
  stay_extras: ['guest_name', 'check_in_date', 'extras_link'],
  booking_update: ['booking_reference', 'booking_link'],
  verification_code: ['code'],
};

/** What a field holds, by name: a NAMED template's own name, a positional one's from its purpose. */
export function templateFieldMeaning(
  template: { name: string; parameterFormat: WhatsAppParameterFormat },
  field: WhatsAppTemplateField,
): string {
  if (field.component === 'header' && field.kind !== 'text') return field.kind;
  if (field.component === 'button') return field.name === 'code' ? 'code' : 'button_link_end';
  if (template.parameterFormat === 'NAMED') return field.name;
  return WHATSAPP_PURPOSE_FIELDS[template.name]?.[Number(field.name) - 1] ?? `field_${field.name}`;
}

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

/**
 * A template as Meta's WhatsApp Manager holds it (`GET /{waba-id}/message_templates`): its
 * components (a HEADER of format TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION; the BODY; a FOOTER;
 * BUTTONS of type QUICK_REPLY, URL, PHONE_NUMBER, OTP, COPY_CODE), its `parameter_format`
 * (POSITIONAL: {{1}}, {{2}}…; NAMED: {{guest_name}}…) and its language (Meta's codes: `ar`,
 * `en`, `en_US`, `en_GB`…). worker/src/modules/whatsapp/fake/README.md quotes the documents.
 */
export type WhatsAppTemplateButton = {
  type: string;
  text?: string;
  url?: string;
  phone_number?: string;
  otp_type?: string;
};
export type WhatsAppTemplateComponent = {
  type: string;
  format?: string;
  text?: string;
  buttons?: WhatsAppTemplateButton[];
};
export type WhatsAppParameterFormat = 'POSITIONAL' | 'NAMED';

/** Meta's template language codes: a language, and a region for some (`en_US`, `en_GB`, `pt_BR`). */
export const TEMPLATE_LANGUAGE_PATTERN = /^[a-z]{2,3}(_[A-Z]{2,3})?$/;

/** The app's language a template's language is written in (`en_GB` is English), or null. */
export function templateAppLanguage(code: string): 'ar' | 'en' | null {
  const base = code.split('_')[0];
  return base === 'ar' || base === 'en' ? base : null;
}

/** The variables a text names, in order of first appearance: `{{1}}` gives '1', `{{guest_name}}` 'guest_name'. */
export function templateVariables(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)) if (!names.includes(m[1]!)) names.push(m[1]!);
  return names;
}

/**
 * One value a template needs at send time: a text variable of its header or body (by its name, or
 * its number for a positional template), a media header's link, or a URL button's variable (the
 * end of its address). Quick replies need none (the app gives their payloads).
 */
export type WhatsAppTemplateField = {
  /** `header.<name>`, `header.media`, `body.<name>`, `button.<index>`: unique in the template. */
  key: string;
  component: 'header' | 'body' | 'button';
  /** The parameter's name, or its number ('1', '2'…) in a positional template. */
  name: string;
  kind: 'text' | 'image' | 'video' | 'document';
  /** A button's index among the template's buttons. */
  index?: number;
};

const MEDIA_FORMATS: Record<string, WhatsAppTemplateField['kind']> = {
  IMAGE: 'image',
  VIDEO: 'video',
  DOCUMENT: 'document',
};

function ordered(names: string[], format: WhatsAppParameterFormat): string[] {
  return format === 'POSITIONAL' ? [...names].sort((a, b) => Number(a) - Number(b)) : names;
}

/** The values a template needs, in the order a sender gives them: header, body, then URL buttons. */
export function templateFields(
  components: readonly WhatsAppTemplateComponent[],
  format: WhatsAppParameterFormat = 'POSITIONAL',
): WhatsAppTemplateField[] {
  const fields: WhatsAppTemplateField[] = [];
  const of = (type: string) => components.find((c) => c.type.toUpperCase() === type);
  const header = of('HEADER');
  const headerFormat = header?.format?.toUpperCase() ?? 'TEXT';
  if (header && MEDIA_FORMATS[headerFormat]) {
    fields.push({
      key: 'header.media',
      component: 'header',
      name: 'media',
      kind: MEDIA_FORMATS[headerFormat],
    });
  } else if (header?.text) {
    for (const name of ordered(templateVariables(header.text), format))
      fields.push({ key: `header.${name}`, component: 'header', name, kind: 'text' });
  }
  for (const name of ordered(templateVariables(of('BODY')?.text ?? ''), format))
    fields.push({ key: `body.${name}`, component: 'body', name, kind: 'text' });
  (of('BUTTONS')?.buttons ?? []).forEach((button, index) => {
    const type = button.type.toUpperCase();
    if (type === 'URL' && button.url && templateVariables(button.url).length > 0)
      fields.push({
        key: `button.${index}`,
        component: 'button',
        name: templateVariables(button.url)[0]!,
        kind: 'text',
        index,
      });
    // An authentication template's copy-code button carries the code, the body's one variable.
    if (type === 'OTP')
      fields.push({ key: `button.${index}`, component: 'button', name: 'code', kind: 'text', index });
  });
  return fields;
}

/** A template text with its variables put in (by name or number); one without a value stays as it is. */
export function renderTemplate(
  text: string,
  values: Readonly<Record<string, string>> | readonly string[],
): string {
  const get = (name: string) =>
    Array.isArray(values)
      ? (values as readonly string[])[Number(name) - 1]
      : (values as Record<string, string>)[name];
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (all, name: string) => get(name) ?? all);
}

/** What the guest reads of a template with its values: the header's text (if any), the body, the footer. */
export function templateText(
  components: readonly WhatsAppTemplateComponent[],
  values: Readonly<Record<string, string>>,
): string {
  const of = (type: string) => components.find((c) => c.type.toUpperCase() === type);
  const header = of('HEADER');
  const headerText =
    header && !MEDIA_FORMATS[header.format?.toUpperCase() ?? 'TEXT'] ? header.text : undefined;
  const headerValues = Object.fromEntries(
    Object.entries(values).flatMap(([k, v]) => (k.startsWith('header.') ? [[k.slice(7), v]] : [])),
  );
  const bodyValues = Object.fromEntries(
    Object.entries(values).flatMap(([k, v]) => (k.startsWith('body.') ? [[k.slice(5), v]] : [])),
  );
  return [
    headerText ? renderTemplate(headerText, headerValues) : '',
    renderTemplate(of('BODY')?.text ?? '', bodyValues),
    of('FOOTER')?.text ?? '',
  ]
    .filter((part) => part.length > 0)
    .join('\n\n');
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
    // The app's language (its template in that language, `en` before `en_US` and `en_GB`), or one of Meta's codes.
    language: z
      .string({ error: 'template_language_invalid' })
      .regex(TEMPLATE_LANGUAGE_PATTERN, 'template_language_invalid')
      .optional(),
    // The template's values in the order of its fields (templateFields: header, body, URL buttons).
    parameters: z
      .array(z.string().trim().min(1, 'template_parameter_required').max(1024, 'template_parameter_required'))
      .max(20, 'template_parameter_required')
      .default([]),
  }),
]);
export type WhatsAppSend = z.infer<typeof whatsappSendSchema>;

/** The guest's own choice in their profile. */
export const whatsappOptInSchema = z.object({ optIn: z.boolean({ error: 'invalid_whatsapp_opt_in' }) });
