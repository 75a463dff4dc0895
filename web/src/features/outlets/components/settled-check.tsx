import { Trans, useLingui } from '@lingui/react/macro';
import { toArabicIndicDigits } from '@shared/digits';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { useLanguage } from '@/hooks/use-language';
import { checkInvoiceHref, checkReceiptHref, type OutletCheck } from '../api/outlets';

/**
 * The check just settled, right under the tablet's check (docs/decisions/090-outlets.md, "On
 * paper"): what the server said, its receipt for the thermal printer, and a paid one's tax invoice
 * on the A4 page, each a page of the worker's opened in a new tab to print.
 */
export function SettledCheck({
  check,
  message,
  onDone,
}: {
  check: Pick<OutletCheck, 'id' | 'checkNumber' | 'settlement'>;
  message: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const number = language === 'ar' ? toArabicIndicDigits(check.checkNumber) : check.checkNumber;
  return (
    <section
      aria-labelledby="settled-check-heading"
      className="flex flex-col gap-3 rounded-2xl border border-teal-700/30 bg-teal-50 p-4"
      data-testid="settled-check"
    >
      <h2 id="settled-check-heading" className="text-lg font-bold text-teal-900" aria-live="polite">
        {message}
      </h2>
      <div className="flex flex-wrap gap-2">
        <a
          href={checkReceiptHref(check.id)}
          target="_blank"
          rel="noopener"
          className={buttonClass('primary', 'min-h-12')}
          aria-label={t`Print the receipt of check ${number} (opens in a new tab)`}
          data-testid="settled-check-receipt"
        >
          <Trans>Print the receipt</Trans>
        </a>
        {check.settlement === 'paid' ? (
          <a
            href={checkInvoiceHref(check.id)}
            target="_blank"
            rel="noopener"
            className={buttonClass('secondary', 'min-h-12')}
            aria-label={t`Tax invoice (A4) of check ${number} (opens in a new tab)`}
            data-testid="settled-check-invoice"
          >
            <Trans>Tax invoice (A4)</Trans>
          </a>
        ) : null}
        <Button variant="ghost" className="min-h-12" onPress={onDone}>
          <Trans>Next check</Trans>
        </Button>
      </div>
    </section>
  );
}
