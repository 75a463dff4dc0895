import { AUTH_RULES } from '@shared/constants';
import { countText } from '../../platform/counts';
import type { Mail } from '../../platform/mail';
import { text, type MessageValues } from '../../platform/messages';

// The account e-mails (a code to reset a password or verify an address, a sign-up attempt on a
// taken address), in both languages.
/** The hotel as an e-mail names it: its names and how to reach it (from the site settings). */
export type MailHotel = { nameAr: string; nameEn: string; contact: string };

export function hotelOf(settings: {
  siteName: string;
  siteNameAr: string;
  contactPhone: string;
  contactEmail: string;
}): MailHotel {
  return {
    nameAr: settings.siteNameAr,
    nameEn: settings.siteName,
    contact: [settings.contactPhone, settings.contactEmail].filter(Boolean).join(' · '),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** How long a code works, in each language: "١٠ دقائق" / "10 minutes" (one formatter, plural forms). */
const codeLife = (lang: 'ar' | 'en') => countText(AUTH_RULES.codeTtlMs / 60_000, lang, 'minutes');
/** A code inside Arabic text: as typed (Latin digits), isolated left to right. */
const ltrText = (code: string) => `\u2066${code}\u2069`;
const ltrHtml = (code: string) => `<bdi dir="ltr">${escapeHtml(code)}</bdi>`;

/** The hotel's contacts under both languages of an e-mail, when it has any. */
function contactLines(hotel: MailHotel) {
  if (!hotel.contact) return { text: [] as string[], html: '' };
  return {
    text: ['', `${hotel.nameAr} · ${hotel.nameEn}: ${hotel.contact}`],
    html: `<hr><p dir="ltr">${escapeHtml(hotel.nameEn)} · ${escapeHtml(hotel.contact)}</p>`,
  };
}

type AccountMailKind = 'password_reset' | 'verification' | 'registration_attempt';

/**
 * An account e-mail in both languages (an account keeps no language of its own), Arabic first:
 * the greeting and the kind's sentences from the catalogue (`account_mail.<kind>.*`), the code
 * (when there is one) as typed, isolated left to right inside the Arabic text.
 */
function accountMail(
  kind: AccountMailKind,
  to: string,
  fullName: string,
  hotel: MailHotel,
  code?: string,
): Mail {
  const contact = contactLines(hotel);
  const say = (lang: 'ar' | 'en', part: string, values?: MessageValues) =>
    text(lang, `account_mail.${kind}.${part}`, values);
  const hotelName = (lang: 'ar' | 'en') => (lang === 'ar' ? hotel.nameAr : hotel.nameEn);
  const plain = (lang: 'ar' | 'en') =>
    code === undefined
      ? [say(lang, 'attempt', { hotel: hotelName(lang) }), say(lang, 'advice')]
      : [
          say(lang, 'code', { hotel: hotelName(lang), code: lang === 'ar' ? ltrText(code) : code }),
          say(lang, 'validity', { minutes: codeLife(lang) }),
        ];
  const escape = escapeHtml;
  const strong = (value: string) => `<strong style="font-size:1.5em;letter-spacing:.2em">${value}</strong>`;
  const html = (lang: 'ar' | 'en') =>
    code === undefined
      ? `<p>${escape(say(lang, 'html_attempt'))}</p><p>${escape(say(lang, 'html_advice'))}</p>`
      : `<p>${escape(say(lang, 'html_code'))} ${strong(lang === 'ar' ? ltrHtml(code) : code)}</p><p>${escape(say(lang, 'html_validity', { minutes: codeLife(lang) }))}</p>`;
  const hello = (lang: 'ar' | 'en', name: string) => text(lang, 'email.hello', { name });
  return {
    to,
    subject: `${say('ar', 'subject')} · ${say('en', 'subject')} — ${hotel.nameAr} · ${hotel.nameEn}`,
    text: [
      hello('ar', fullName),
      ...plain('ar'),
      '',
      hello('en', fullName),
      ...plain('en'),
      ...contact.text,
    ].join('\n'),
    html: `<div dir="rtl" lang="ar"><p>${hello('ar', escape(fullName))}</p>${html('ar')}</div><hr><div dir="ltr" lang="en"><p>${hello('en', escape(fullName))}</p>${html('en')}</div>${contact.html}`,
  };
}

/** The password-reset code (same rules as verification). */
export function passwordResetMail(to: string, fullName: string, code: string, hotel: MailHotel): Mail {
  return accountMail('password_reset', to, fullName, hotel, code);
}

/** The bilingual verification e-mail (Arabic first) carrying the 6-digit code. */
export function verificationMail(to: string, fullName: string, code: string, hotel: MailHotel): Mail {
  return accountMail('verification', to, fullName, hotel, code);
}

/**
 * Someone registered with the address of a verified account (modules/accounts/sign-up-and-sign-in.ts register): the
 * answer did not say the account exists, so its owner is told here.
 */
export function registrationAttemptMail(to: string, fullName: string, hotel: MailHotel): Mail {
  return accountMail('registration_attempt', to, fullName, hotel);
}
