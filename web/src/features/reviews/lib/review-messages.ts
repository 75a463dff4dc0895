import type { I18n } from '@lingui/core';
import { fieldMessage } from '@/lib/field-messages';

/**
 * A review field's error (a code of shared/src/review-schemas.ts, or the server's own sentence)
 * in the active language: the shared catalogue's entry, the one the worker answers with.
 */
export function reviewMessage(i18n: I18n, codeOrText: string | undefined): string | undefined {
  return fieldMessage(i18n, codeOrText);
}
