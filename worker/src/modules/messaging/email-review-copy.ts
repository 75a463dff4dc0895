import type { Language } from '@shared/constants';
import type { MailCopy } from './email-parts';
import { text } from '../../platform/messages';

/** The e-mail that tells a reviewer their review is published. */
export function reviewMailCopy(
  review: { name: string | null; starRating: number },
  lang: Language,
): MailCopy {
  return {
    subject: text(lang, 'email.review_approved.subject'),
    heading: text(lang, 'email.review_approved.heading'),
    lines: [
      review.name ? text(lang, 'email.hello', { name: review.name }) : text(lang, 'email.hello_anonymous'),
      text(lang, 'email.review_approved.body'),
    ],
    details: [
      {
        label: text(lang, 'email.label.rating'),
        value: text(lang, 'email.rating', {
          stars: `${'★'.repeat(review.starRating)}${'☆'.repeat(5 - review.starRating)}`,
          rating: review.starRating,
          max: 5,
        }),
      },
    ],
  };
}
