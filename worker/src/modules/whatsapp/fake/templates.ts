import {
  TEMPLATE_LANGUAGE_PATTERN,
  templateVariables,
  type WhatsAppParameterFormat,
  type WhatsAppTemplateComponent,
} from '@shared/whatsapp';

/**
 * The templates the fake's WhatsApp Business Account holds (as WhatsApp Manager would, once the
 * hotel made them and Meta approved them), and Meta's rules for making one (README.md quotes
 * them): the fake refuses what Meta refuses, its own templates included (fake-templates.test.ts).
 * Their names are those the automatic sends use (templates.ts PURPOSE_OF_NAME), their bodies the
 * catalogue's words (worker/src/locales `whatsapp.*`) with numbered parameters. A test adds others
 * through the creation endpoint (`POST /{waba-id}/message_templates`, api.ts) and sets approvals
 * with `POST /api/dev/whatsapp/templates`.
 */
export type FakeTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  parameter_format: WhatsAppParameterFormat;
  components: WhatsAppTemplateComponent[];
};

const bodies: Record<string, { ar: string; en: string; category?: string; status?: string }> = {
  booking_confirmation: {
    ar: 'أهلاً {{1}}، حجزك رقم {{2}} مؤكد: الوصول {{3}} والمغادرة {{4}}. صفحة حجزك: {{5}} (للتعديل أو الإلغاء).',
    en: "Hello {{1}}, your booking {{2}} is confirmed: arrival {{3}}, departure {{4}}. Your booking's page: {{5}} (to change or cancel it).",
  },
  pre_arrival: {
    ar: 'أهلاً {{1}}، نستقبلك يوم {{2}}. وفّر وقتك بتسجيل الوصول الإلكتروني: {{3}} قبل وصولك.',
    en: 'Hello {{1}}, we look forward to welcoming you on {{2}}. Save time with online check-in: {{3}} before you arrive.',
  },
  deposit_request: {
    ar: 'أهلاً {{1}}، لتأكيد حجزك يرجى دفع العربون {{2}} عبر الرابط: {{3}} خلال يومين.',
    en: 'Hello {{1}}, to secure your booking please pay the deposit of {{2}} here: {{3}} within two days.',
  },
  stay_invoice: {
    ar: 'شكراً لإقامتك معنا يا {{1}}. فاتورتك هنا: {{2}} ويسعدنا استقبالك مجدداً.',
    en: 'Thank you for staying with us, {{1}}. Your invoice is here: {{2}} and we hope to welcome you again.',
  },
  review_request: {
    ar: 'أهلاً {{1}}، نسعد برأيك في إقامتك عبر الرابط {{2}} ولو بكلمة واحدة.',
    en: 'Hello {{1}}, we would love to hear about your stay at {{2}} even in a word.',
  },
  booking_update: {
    ar: 'لديك جديد في حجزك {{1}}. التفاصيل في صفحة حجزك: {{2}} (تفتح دون تسجيل دخول).',
    en: "There is news about your booking {{1}}. The details are on your booking's page: {{2}} (no sign-in needed).",
  },
  stay_extras: {
    ar: 'أهلاً {{1}}، إقامتك تبدأ يوم {{2}}. أضف إليها ما تحب قبل وصولك، مثل ترقية غرفتك أو التوصيل من المطار، عبر الرابط {{3}} قبل يوم الوصول.',
    en: 'Hello {{1}}, your stay begins on {{2}}. Add what you like before you arrive, such as a room upgrade or an airport transfer, at {{3}} before your arrival day.',
  },
  seasonal_offer: {
    ar: 'عرض خاص لضيوفنا هذا الموسم: {{1}} لفترة محدودة.',
    en: 'A special offer for our guests this season: {{1}} for a limited time.',
    category: 'MARKETING',
    status: 'PENDING',
  },
};

/** The authentication template of the phone codes (Meta's fixed wording, a copy-code button). */
const verificationCode = (language: 'ar' | 'en'): FakeTemplate => ({
  id: `90000000000099${language === 'ar' ? 0 : 1}`,
  name: 'verification_code',
  language,
  category: 'AUTHENTICATION',
  status: 'APPROVED',
  parameter_format: 'POSITIONAL',
  components: [
    {
      type: 'BODY',
      text:
        language === 'ar'
          ? '*{{1}}* هو رمز التحقق الخاص بك. لحمايتك، لا تشاركه مع أحد.'
          : '*{{1}}* is your verification code. For your security, do not share this code.',
    },
    {
      type: 'BUTTONS',
      buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: language === 'ar' ? 'نسخ الرمز' : 'Copy code' }],
    },
  ],
});

export const FAKE_TEMPLATES: FakeTemplate[] = [
  ...Object.entries(bodies).flatMap(([name, t], i) =>
    (['ar', 'en'] as const).map((language, j): FakeTemplate => ({
      id: String(900000000000000 + i * 10 + j),
      name,
      language,
      category: t.category ?? 'UTILITY',
      status: t.status ?? 'APPROVED',
      parameter_format: 'POSITIONAL',
      components: [{ type: 'BODY', text: t[language] }],
    })),
  ),
  verificationCode('ar'),
  verificationCode('en'),
];

/** The language codes WhatsApp Manager offers for a template (a part of Meta's list). */
const LANGUAGES = new Set([
  'ar',
  'en',
  'en_US',
  'en_GB',
  'fr',
  'de',
  'es',
  'hi',
  'ur',
  'fa',
  'tr',
  'ru',
  'zh_CN',
  'pt_BR',
  'bn',
  'ml',
]);

const NAME = /^[a-z0-9_]{1,512}$/;
/** Named parameters: lowercase letters, digits and underscores, starting with a letter. */
const PARAMETER_NAME = /^[a-z][a-z0-9_]*$/;
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** A refusal of a template in Meta's words (code 100, its user-facing message). */
export type TemplateRefusal = { message: string; userMessage: string };

const refuse = (userMessage: string): TemplateRefusal => ({ message: 'Invalid parameter', userMessage });

/** A text's variables against the template's parameter format (Meta's rules for parameters). */
function variableRefusal(
  text: string,
  format: WhatsAppParameterFormat,
  where: string,
): TemplateRefusal | null {
  if (/\{\{|\}\}/.test(text.replace(VARIABLE, '')) || /\{\{\{|\}\}\}/.test(text))
    return refuse(`${where}: variable parameters are missing or have mismatched curly braces.`);
  const names = [...text.matchAll(VARIABLE)].map((m) => m[1]!);
  for (const name of names) {
    if (format === 'POSITIONAL' && !/^[1-9]\d*$/.test(name))
      return refuse(
        `${where}: variable parameters contain special characters such as #, $ or %; use {{1}}, {{2}}.`,
      );
    if (format === 'NAMED' && !PARAMETER_NAME.test(name))
      return refuse(`${where}: named parameters may hold lowercase letters, digits and underscores only.`);
  }
  if (format === 'POSITIONAL') {
    const numbers = [...new Set(names.map(Number))].sort((a, b) => a - b);
    if (numbers.some((n, i) => n !== i + 1))
      return refuse(`${where}: variable parameters are not sequential ({{1}}, {{2}}… without a gap).`);
  }
  if (names.length > 0) {
    const trimmed = text.trim();
    if (/^\{\{[^{}]*\}\}/.test(trimmed) || /\{\{[^{}]*\}\}$/.test(trimmed))
      return refuse(`${where}: the message template can't start or end with a variable parameter.`);
    if (/\}\}\s*\{\{/.test(text)) return refuse(`${where}: variable parameters can't be next to each other.`);
    // Meta: "too many variable parameters relative to the message length"; the fake's measure
    // (Meta publishes no figure): at least two words of the template's own for each variable.
    const words = text
      .replace(VARIABLE, ' ')
      .split(/\s+/)
      .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    if (words < names.length * 2)
      return refuse(
        `${where}: the message template contains too many variable parameters relative to its length.`,
      );
  }
  return null;
}

/**
 * Meta's rules for making a template (`POST /{waba-id}/message_templates`), as its documents and
 * WhatsApp Manager state them: a name of lowercase letters, digits and underscores; a language of
 * its list; a category; exactly one BODY (at most 1,024 characters); a text HEADER of at most 60
 * characters with at most one variable, or a media one; a FOOTER of at most 60 characters without
 * variables; at most 10 buttons, two URL buttons at most, a URL's variable only at its end, quick
 * replies without variables; and for every text the parameter rules (variableRefusal). Null when
 * Meta would take it.
 */
export function templateRefusal(t: {
  name: unknown;
  language: unknown;
  category: unknown;
  parameter_format?: unknown;
  components: unknown;
}): TemplateRefusal | null {
  if (typeof t.name !== 'string' || !NAME.test(t.name))
    return refuse('Template names may hold lowercase letters, digits and underscores only.');
  if (
    typeof t.language !== 'string' ||
    !TEMPLATE_LANGUAGE_PATTERN.test(t.language) ||
    !LANGUAGES.has(t.language)
  )
    return refuse('The language is not one WhatsApp supports for templates.');
  if (t.category !== 'UTILITY' && t.category !== 'MARKETING' && t.category !== 'AUTHENTICATION')
    return refuse('The category must be UTILITY, MARKETING or AUTHENTICATION.');
  const format = t.parameter_format ?? 'POSITIONAL';
  if (format !== 'POSITIONAL' && format !== 'NAMED')
    return refuse('parameter_format must be POSITIONAL or NAMED.');
  if (!Array.isArray(t.components)) return refuse('components must be a list.');
  const components = t.components as WhatsAppTemplateComponent[];
  const of = (type: string) => components.filter((c) => String(c?.type).toUpperCase() === type);
  const body = of('BODY');
  if (body.length !== 1 || typeof body[0]!.text !== 'string' || !body[0]!.text.trim())
    return refuse('A template has exactly one BODY with its text.');
  if (body[0]!.text.length > 1024) return refuse('The BODY text is longer than 1,024 characters.');
  const bodyRefusal = variableRefusal(body[0]!.text, format, 'BODY');
  if (bodyRefusal) return bodyRefusal;
  const header = of('HEADER');
  if (header.length > 1) return refuse('A template has at most one HEADER.');
  if (header[0]) {
    const headerFormat = String(header[0].format ?? 'TEXT').toUpperCase();
    if (!['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'].includes(headerFormat))
      return refuse('A HEADER is TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION.');
    if (headerFormat === 'TEXT') {
      const text = header[0].text ?? '';
      if (!text.trim() || text.length > 60) return refuse('A text HEADER holds 1 to 60 characters.');
      if (templateVariables(text).length > 1) return refuse('A text HEADER supports 1 parameter.');
      if (templateVariables(text).length === 1) {
        // One variable in a short header: only the braces' own rules apply (no length ratio).
        if (
          format === 'NAMED'
            ? !PARAMETER_NAME.test(templateVariables(text)[0]!)
            : templateVariables(text)[0] !== '1'
        )
          return refuse('HEADER: the variable parameter is not valid for the template’s parameter format.');
      }
    }
  }
  const footer = of('FOOTER');
  if (footer[0] && ((footer[0].text ?? '').length > 60 || templateVariables(footer[0].text ?? '').length > 0))
    return refuse('A FOOTER holds at most 60 characters and no variable.');
  const buttons = of('BUTTONS')[0]?.buttons ?? [];
  if (buttons.length > 10) return refuse('A template has at most 10 buttons.');
  if (buttons.filter((b) => b.type?.toUpperCase() === 'URL').length > 2)
    return refuse('A template has at most 2 URL buttons.');
  for (const button of buttons) {
    const type = String(button.type).toUpperCase();
    if (type === 'QUICK_REPLY') {
      if (!button.text || button.text.length > 25 || templateVariables(button.text).length > 0)
        return refuse('A quick reply button holds 1 to 25 characters and no variable.');
    } else if (type === 'URL') {
      const url = button.url ?? '';
      if (!/^https?:\/\/\S+$/.test(url)) return refuse('A URL button needs its address.');
      const variables = templateVariables(url);
      if (variables.length > 1 || (variables.length === 1 && !/\{\{[^{}]+\}\}$/.test(url)))
        return refuse('A URL button supports 1 parameter, at the end of its address.');
    } else if (!['PHONE_NUMBER', 'OTP', 'COPY_CODE'].includes(type)) {
      return refuse(`Button type ${type} is not supported.`);
    }
  }
  return null;
}

type Json = Record<string, unknown>;
/** A refusal of a send in Meta's shape: its HTTP status, code and message. */
export type SendRefusal = { status: 400 | 404; code: number; message: string };

const sendRefusal = (code: number, message: string): SendRefusal => ({
  status: code === 132001 ? 404 : 400,
  code,
  message: `(#${code}) ${message}`,
});

/** Meta refuses a parameter's text with a line break, a tab or more than 4 spaces in a row. */
const BAD_TEXT = /[\n\t]| {5,}/;

/**
 * What Meta checks when a template is sent (`template.components`) against the template as made:
 * the header's and body's text parameters, as many as its variables (132000), each `parameter_name`
 * one of its names in a NAMED template and none in a POSITIONAL one (132012); a media header's
 * parameter of its type with a `link` or `id`; a URL button's variable (by its `index`); a
 * parameter's text without line breaks, tabs or more than four spaces in a row (132018).
 */
export function templateSendRefusal(template: FakeTemplate, given: unknown): SendRefusal | null {
  const components = Array.isArray(given) ? (given as Json[]) : [];
  const sent = (type: string) => components.filter((c) => String(c.type).toLowerCase() === type);
  const made = (type: string) => template.components.find((c) => c.type.toUpperCase() === type);
  const named = template.parameter_format === 'NAMED';
  const textParameters = (parameters: Json[], names: string[]): SendRefusal | null => {
    if (parameters.length !== names.length)
      return sendRefusal(132000, 'Number of parameters does not match the expected number of params');
    for (const p of parameters) {
      if (p.type !== 'text' || typeof p.text !== 'string' || !p.text)
        return sendRefusal(132012, 'Parameter format does not match format in the created template');
      if (BAD_TEXT.test(p.text))
        return sendRefusal(
          132018,
          'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
        );
      if (named !== (typeof p.parameter_name === 'string'))
        return sendRefusal(132012, 'Parameter format does not match format in the created template');
    }
    if (named) {
      const given = parameters.map((p) => p.parameter_name as string).sort();
      if (given.join('|') !== [...names].sort().join('|'))
        return sendRefusal(132000, 'Number of parameters does not match the expected number of params');
    }
    return null;
  };
  const param = (c: Json | undefined) => (Array.isArray(c?.parameters) ? (c.parameters as Json[]) : []);
  const header = made('HEADER');
  const headerFormat = String(header?.format ?? 'TEXT').toUpperCase();
  if (header && ['IMAGE', 'VIDEO', 'DOCUMENT'].includes(headerFormat)) {
    const kind = headerFormat.toLowerCase();
    const [media] = param(sent('header')[0]);
    const object = media?.[kind] as Json | undefined;
    if (
      !media ||
      media.type !== kind ||
      !(typeof object?.link === 'string' || typeof object?.id === 'string')
    )
      return sendRefusal(132012, 'Parameter format does not match format in the created template');
  } else {
    const refusal = textParameters(param(sent('header')[0]), templateVariables(header?.text ?? ''));
    if (refusal) return refusal;
  }
  const bodyRefusal = textParameters(param(sent('body')[0]), templateVariables(made('BODY')?.text ?? ''));
  if (bodyRefusal) return bodyRefusal;
  const buttons = made('BUTTONS')?.buttons ?? [];
  for (const [index, button] of buttons.entries()) {
    const type = button.type.toUpperCase();
    const withVariable = (type === 'URL' && templateVariables(button.url ?? '').length > 0) || type === 'OTP';
    if (!withVariable) continue;
    const component = sent('button').find((c) => String(c.index) === String(index));
    const [p] = param(component);
    if (!component || String(component.sub_type).toLowerCase() !== 'url' || p?.type !== 'text' || !p.text)
      return sendRefusal(132000, 'Number of parameters does not match the expected number of params');
  }
  return null;
}
