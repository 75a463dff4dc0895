import type { Language } from '@shared/constants';
import { formatMoment } from '../../platform/format';
import type { Detail, MailCopy } from './email-parts';
import { text } from '../../platform/messages';
import type { EntryEventKind, EntryKind } from '../../platform/notify';

/** The e-mails to a prize-draw participant: the entry received, approved or not accepted. */
export function entryMailCopy(
  kind: EntryEventKind,
  entry: { kind: EntryKind; submissionDate: Date; notes: string | null },
  lang: Language,
): MailCopy {
  const draw = text(lang, `email.draw.${entry.kind}`);
  const details: Detail[] = [
    { label: text(lang, 'email.label.draw'), value: text(lang, `email.draw_title.${entry.kind}`) },
    { label: text(lang, 'email.label.sent_at'), value: formatMoment(entry.submissionDate, lang) },
  ];
  // The hotel's notes go with its decision, not with the acknowledgement.
  if (kind !== 'entry_received' && entry.notes) {
    details.push({ label: text(lang, 'email.label.notes'), value: entry.notes });
  }
  return {
    subject: text(lang, `email.${kind}.subject`, { draw }),
    heading: text(lang, `email.${kind}.heading`),
    lines: [text(lang, `email.${kind}.body`, { draw })],
    details,
  };
}
