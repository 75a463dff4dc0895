import type { Language } from '@shared/constants';
import type { AutopilotMail, MailCopy } from './email-parts';
import { formatDate, formatMoney } from '../../platform/format';
import { roomName, text } from '../../platform/messages';

/** The changes an e-mail lists (the rest are counted; the screen lists them all). */
const LISTED = 30;

/**
 * The e-mail telling the managers what the price autopilot changed after a night's close
 * (modules/revenue, docs/decisions/101): each night, room type and price from and to.
 */
export function autopilotMailCopy(run: AutopilotMail, lang: Language): MailCopy {
  const count = run.changes.length;
  const lines = [
    text(lang, 'email.revenue_autopilot.body', { count, date: formatDate(run.closeDate, lang, 'weekday') }),
    ...run.changes.slice(0, LISTED).map((c) =>
      text(lang, 'email.revenue_autopilot.change', {
        date: formatDate(c.date, lang, 'weekday'),
        room: roomName(lang, run.roomNames.get(c.roomType) ?? c.roomType),
        from: formatMoney(c.fromBaisa, lang),
        to: formatMoney(c.toBaisa, lang),
      }),
    ),
  ];
  if (count > LISTED) lines.push(text(lang, 'email.revenue_autopilot.more', { count: count - LISTED }));
  return {
    subject: text(lang, 'email.revenue_autopilot.subject', { count }),
    heading: text(lang, 'email.revenue_autopilot.heading'),
    lines,
    details: [],
  };
}
