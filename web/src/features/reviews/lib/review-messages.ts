import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { REVIEW_LIMITS } from '@shared/review-schemas';

/**
 * The review schema's codes (shared/src/review-schemas.ts) as sentences in the active
 * language; kept in this lazy feature, not in lib/field-messages.ts, so the landing page's
 * first script does not carry them. The worker says the same (worker/src/lib/messages.ts).
 */
const REVIEW_MESSAGES: Record<string, MessageDescriptor> = {
  review_rating_required: msg`Please choose a rating from 1 to 5 stars`,
  review_comment_required: msg`Please write your comment`,
  review_comment_too_long: msg({ message: 'The comment is too long ({max} characters at most)' }),
  review_name_too_long: msg({ message: 'The name is too long ({max} characters at most)' }),
  review_part_too_long: msg({ message: 'This text is too long ({max} characters at most)' }),
};

const LIMITS: Partial<Record<string, Record<string, number>>> = {
  review_comment_too_long: { max: REVIEW_LIMITS.commentMax },
  review_name_too_long: { max: REVIEW_LIMITS.nameMax },
  review_part_too_long: { max: REVIEW_LIMITS.partMax },
};

/** A field's error (a code of the schema, or the server's own sentence) in the active language. */
export function reviewMessage(i18n: I18n, codeOrText: string | undefined): string | undefined {
  if (!codeOrText) return undefined;
  const descriptor = REVIEW_MESSAGES[codeOrText];
  if (!descriptor) return codeOrText;
  const withLimits: MessageDescriptor = { ...descriptor, values: LIMITS[codeOrText] };
  return i18n._(withLimits);
}
