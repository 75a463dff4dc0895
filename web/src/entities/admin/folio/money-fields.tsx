import { useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/text-field';
import { baisaOfTyped } from '@/lib/money-input';

/**
 * The money fields staff type on the folio's forms and the online refund: an amount in rials and
 * a reason, with the same labels, test ids and refusals wherever they are asked.
 */

/** An amount in rials, typed with three decimals in either digit system. */
export function AmountField({
  value,
  onChange,
  error,
  label,
  description,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  label?: string;
  description?: string;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={label ?? t`Amount (OMR)`}
      description={description}
      value={value}
      onChange={onChange}
      inputMode="decimal"
      inputDir="ltr"
      className="max-w-72"
      isRequired
      isInvalid={!!error}
      errorMessage={error}
      data-testid="folio-amount"
    />
  );
}

/** Why a line is corrected or a payment refunded: required, kept with the line. */
export function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Reason`}
      value={value}
      onChange={onChange}
      multiline
      rows={2}
      isRequired
      isInvalid={!!error}
      errorMessage={error}
      data-testid="folio-reason"
    />
  );
}

/** The typed amount, or the field's error: not an amount, or 0. */
export function amountOf(text: string, notAmount: string): { baisa: number } | { error: string } {
  const baisa = baisaOfTyped(text);
  return Number.isNaN(baisa) || baisa <= 0 ? { error: notAmount } : { baisa };
}
