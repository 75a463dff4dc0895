import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { fieldMessage } from '@/lib/field-messages';
import { formatCount } from '@/lib/format';
import { phoneError } from './entry-messages';
import { imagesStillNeeded } from './select-images';
import { useLanguage } from '@/hooks/use-language';

/**
 * The phone number of an event entry form: its value, the error under the
 * field (a field code, shown in the active language; cleared when the guest
 * types) and the checks the forms make before submitting.
 */
export function useEntryPhone() {
  const { i18n } = useLingui();
  const [value, setValue] = useState('');
  const [code, setCode] = useState<string>();

  return {
    /** What the guest typed, trimmed. */
    trimmed: value.trim(),
    isEmpty: value.trim() === '',
    /** Marks the field as required but empty. */
    markMissing: () => setCode('phone_required'),
    /** Checks the number against the shared rule and shows the error under the field; true when valid. */
    check: (): boolean => {
      const invalid = phoneError(value);
      setCode(invalid);
      return !invalid;
    },
    clear: () => setValue(''),
    /** The props of <PhoneField>. */
    field: {
      value,
      onChange: (next: string) => {
        setValue(next);
        setCode(undefined);
      },
      error: fieldMessage(i18n, code),
    },
  };
}

/**
 * The chosen images of a form that needs at least `minimum`: how many more
 * are needed, and both numbers written for the active language (for the
 * picker's status line and the "missing" toast).
 */
export function useImageCount(count: number, minimum: number) {
  const language = useLanguage();
  const needed = imagesStillNeeded(count, minimum);
  return { needed, countText: formatCount(count, language), neededText: formatCount(needed, language) };
}
