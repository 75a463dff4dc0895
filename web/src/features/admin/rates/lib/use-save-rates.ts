import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { type RatesEdit, usePutRates } from '../api/rates';
import { type RateFormValues, rateEditOf } from './rate-form';

type Where = Pick<RatesEdit, 'ratePlan' | 'roomType' | 'from' | 'to' | 'weekdays'>;

/**
 * Saves a rate form: checks what was typed (amounts, whole numbers), sends only what changed,
 * and keeps the server's refusals by field (in the user's language; `_` for the whole form and for
 * a field the form does not show: `onlyShown` names those it shows, beside the values').
 */
export function useSaveRates(onSaved: () => void, onlyShown?: readonly string[]) {
  const { t } = useLingui();
  const put = usePutRates();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  function save(where: Where, values: RateFormValues, initial: RateFormValues) {
    const { edit, invalid } = rateEditOf(values, initial);
    if (invalid.money.length > 0 || invalid.stays.length > 0) {
      const local: Record<string, string> = {};
      for (const field of invalid.money) local[field] = t`Enter an amount in rials, e.g. 18 or 18.500`;
      for (const field of invalid.stays) local[field] = t`Enter a whole number of nights`;
      setErrors(local);
      return;
    }
    if (Object.keys(edit).length === 0) {
      setErrors({ _: t`Nothing to change: type a value, choose one, or tick Clear.` });
      return;
    }
    setErrors({});
    put.mutate(
      { ...where, ...edit },
      {
        onSuccess: (body) => {
          showToast({ variant: 'success', title: body.message });
          onSaved();
        },
        onError: (error) => {
          const fields: Record<string, string | undefined> = fieldErrorsOf(error);
          // What no field of the form shows (the plan, a night already past in the night's
          // dialog, a refusal without fields) is said under the form.
          const shown = onlyShown ?? Object.keys(fields);
          const unshown = Object.keys(fields).find((field) => !shown.includes(field));
          if (Object.keys(fields).length === 0) fields._ = errorMessage(error, t`Please try again.`);
          else if (unshown) fields._ = fields[unshown];
          setErrors(fields);
          showToast({
            variant: 'error',
            title: t`The rates were not saved`,
            description: errorMessage(error, t`Please try again.`),
          });
        },
      },
    );
  }

  return { save, errors, isPending: put.isPending };
}
