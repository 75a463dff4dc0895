import type { Language } from '@shared/constants';
import type { MailCopy } from './email-parts';
import { formatDate } from '../../platform/format';
import { text } from '../../platform/messages';

/** The e-mail telling a guest an item of theirs may be with the hotel (modules/lost-found). */
export function lostItemMailCopy(
  item: { fullName: string; description: string; place: string; foundOn: string; keepUntil: string },
  lang: Language,
): MailCopy {
  return {
    subject: text(lang, 'email.lost_item.subject'),
    heading: text(lang, 'email.lost_item.heading'),
    lines: [
      text(lang, 'email.hello', { name: item.fullName }),
      text(lang, 'email.lost_item.body', { date: formatDate(item.keepUntil, lang, 'weekday') }),
    ],
    details: [
      { label: text(lang, 'email.label.item'), value: item.description },
      { label: text(lang, 'email.label.found_in'), value: item.place },
      { label: text(lang, 'email.label.found_on'), value: formatDate(item.foundOn, lang, 'weekday') },
    ],
  };
}
