import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import {
  type IntegrityReport,
  useAcknowledgeIntegrityReport,
  useOpenIntegrityReport,
  useRunIntegrityCheck,
} from '../api/integrity';

/** What each check of the integrity check means for the hotel (worker/src/modules/operations/integrity.ts). */
const CHECK_LABELS: Record<string, MessageDescriptor> = {
  hold_without_live_booking: msg`Rooms still held by bookings that are cancelled, completed or gone`,
  hold_count_mismatch: msg`Bookings whose held nights do not match their stay`,
  duplicate_hold: msg`Nights held twice by the same booking`,
  rooms_over_allotment: msg`Nights with more rooms held than the allotment`,
  beds_over_allotment: msg`Nights with more beds held than the allotment`,
  smoking_over_allotment: msg`Nights with more smoking or non-smoking rooms held than the allotment`,
  balance_not_ledger_sum: msg`Points balances that differ from their history`,
  ledger_without_balance: msg`Points histories without a balance`,
  completed_stay_earn_count: msg`Completed stays without exactly one points credit`,
  vip_counter_mismatch: msg`VIP counters that differ from the recorded uses`,
  image_missing_in_r2: msg`Entry images missing from storage`,
  room_number_not_latin: msg`Room numbers written with other digits that another room already has: renumber one of the two`,
  folio_balance_not_lines: msg`Folios whose balance differs from the sum of their lines`,
  city_ledger_balance_not_entries: msg`Company accounts whose balance differs from their transfers and payments`,
  day_close_report_not_lines: msg`Closed days whose stored report differs from their lines`,
  invoice_total_not_lines: msg`Invoices or credit notes whose total differs from their folio lines`,
  document_not_folio: msg`Invoices or credit notes whose net, taxes or rounding differ from what their folio books for them`,
  credit_note_not_invoice: msg`Credit notes that credit a line at other figures than its invoice had`,
};

/**
 * /admin, admins only: the nightly integrity check's open report as a banner that
 * stays until an admin marks it as seen, and a button to run the check now.
 */
export function IntegrityBanner() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const open = useOpenIntegrityReport(true);
  const run = useRunIntegrityCheck();
  const acknowledge = useAcknowledgeIntegrityReport();
  const report: IntegrityReport | null | undefined = open.data?.report;

  function runNow() {
    run.mutate(undefined, {
      onSuccess: ({ report: result }) =>
        showToast({
          variant: result.violationCount === 0 ? 'success' : 'error',
          title: t`Integrity check done`,
          description:
            result.violationCount === 0
              ? t`Everything is consistent.`
              : t`Problems found: ${formatCount(result.violationCount, language)}`,
        }),
      onError: (error) =>
        showToast({
          variant: 'error',
          title: t`Error`,
          description: errorMessage(error, t`Please try again.`),
        }),
    });
  }

  const countText = formatCount(report?.violationCount ?? 0, language);
  const byCheck = new Map<string, number>();
  for (const v of report?.violations ?? []) byCheck.set(v.check, (byCheck.get(v.check) ?? 0) + 1);

  return (
    <section aria-labelledby="integrity-title" className="flex flex-col gap-3">
      {report ? (
        <div
          role="alert"
          data-testid="integrity-banner"
          className="flex flex-col gap-3 rounded-2xl border border-red-700/30 bg-red-50 p-4 text-red-900"
        >
          <h2 id="integrity-title" className="text-lg font-bold">
            <Plural
              value={report.violationCount}
              one={`The integrity check found ${countText} problem`}
              other={`The integrity check found ${countText} problems`}
            />
          </h2>
          <p className="text-sm">
            <Trans>Checked {formatDateTime(report.createdAt, language)}. Details are in the audit log.</Trans>
          </p>
          <ul className="list-disc ps-5 text-sm">
            {[...byCheck].map(([check, count]) => (
              <li key={check}>
                {CHECK_LABELS[check] ? i18n._(CHECK_LABELS[check]) : check}: {formatCount(count, language)}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              isPending={acknowledge.isPending}
              onPress={() => acknowledge.mutate(report.id)}
            >
              <Trans>Mark as seen</Trans>
            </Button>
            <Button variant="ghost" isPending={run.isPending} onPress={runNow}>
              <Trans>Check again now</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <h2 id="integrity-title" className="sr-only">
            <Trans>Integrity check</Trans>
          </h2>
          <span>
            <Trans>Bookings, points and VIP cards are checked for consistency every night.</Trans>
          </span>
          <Button variant="ghost" isPending={run.isPending} onPress={runNow}>
            <Trans>Run the integrity check now</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}
