import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toArabicIndicDigits } from '@shared/digits';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { buttonClass } from '@/components/ui/button-class';
import { checkInvoiceHref, checkReceiptHref, type OutletCheck, useVoidCheck } from '../api/outlets';
import { Separator } from '@/components/separator';

/**
 * The outlet's checks of the open business date, newest first: each one's number, time, how it was
 * settled and its total; a voided one says so and why. A manager voids a check with a reason
 * (before the day closes: the server refuses it after).
 */
export function DayChecks({
  outletId,
  checks,
  mayVoid,
}: {
  outletId: number;
  checks: OutletCheck[];
  mayVoid: boolean;
}) {
  const language = useLanguage();
  const [voiding, setVoiding] = useState<OutletCheck | null>(null);
  return (
    <section aria-labelledby="day-checks-heading" className="flex flex-col gap-3">
      <h2 id="day-checks-heading" className="text-xl font-bold text-slate-900">
        <Trans>Today's checks</Trans>
      </h2>
      {checks.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No checks yet today.</Trans>
        </p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white"
          data-testid="day-checks"
        >
          {checks.map((check) => (
            <li key={check.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="day-check">
              <span className="font-semibold">
                <Trans>
                  Check {language === 'ar' ? toArabicIndicDigits(check.checkNumber) : check.checkNumber}
                </Trans>
              </span>
              <span className="text-sm text-slate-700">{formatDateTime(check.createdAt, language)}</span>
              <span className="min-w-0 flex-1">
                {check.settlement === 'room' ? (
                  check.roomNumber ? (
                    <Trans>Room {formatRoomNumber(check.roomNumber, language)}</Trans>
                  ) : (
                    <Trans>To a room</Trans>
                  )
                ) : check.method === 'card' ? (
                  <Trans>Paid by card</Trans>
                ) : (
                  <Trans>Paid in cash</Trans>
                )}
                {check.invoiceNumber ? (
                  <>
                    <Separator />
                    <bdi dir="ltr">{check.invoiceNumber}</bdi>
                  </>
                ) : null}
              </span>
              <bdi className={check.voided ? 'text-slate-500 line-through' : 'font-semibold'}>
                {formatPrice(check.totalBaisa, language)}
              </bdi>
              <DayCheckPapers check={check} />
              {check.voided ? (
                <span className="text-sm text-red-700" data-testid="check-voided">
                  <Trans>Voided: {check.voided.reason}</Trans>
                </span>
              ) : mayVoid ? (
                <Button variant="secondary" onPress={() => setVoiding(check)}>
                  <Trans>Void</Trans>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {voiding ? <VoidDialog outletId={outletId} check={voiding} onClose={() => setVoiding(null)} /> : null}
    </section>
  );
}

function VoidDialog({
  outletId,
  check,
  onClose,
}: {
  outletId: number;
  check: OutletCheck;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const voidCheck = useVoidCheck(outletId);
  const language = useLanguage();
  const number = language === 'ar' ? toArabicIndicDigits(check.checkNumber) : check.checkNumber;
  return (
    <Modal title={t`Void check ${number}`} isOpen onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          voidCheck.mutate(
            { checkId: check.id, reason },
            {
              onSuccess: (answer) => {
                showToast({ variant: 'success', title: answer.message });
                onClose();
              },
              onError: (failure) => setError(errorMessage(failure, t`Please try again.`)),
            },
          );
        }}
      >
        <p>
          <Trans>
            A void reverses the whole check (on the guest's folio, or with a credit note for a paid one). It
            cannot be undone.
          </Trans>
        </p>
        <TextField
          label={t`Why`}
          value={reason}
          onChange={setReason}
          isRequired
          isInvalid={!!error}
          errorMessage={error}
        />
        <div className="flex gap-2">
          <Button type="submit" variant="danger" isDisabled={voidCheck.isPending}>
            <Trans>Void the check</Trans>
          </Button>
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A check's receipt, and a paid one's tax invoice (A4), each opened in a new tab to print. */
function DayCheckPapers({ check }: { check: OutletCheck }) {
  const { t } = useLingui();
  const language = useLanguage();
  const number = language === 'ar' ? toArabicIndicDigits(check.checkNumber) : check.checkNumber;
  const link = buttonClass('secondary', 'px-3 py-1.5 text-sm');
  return (
    <span className="flex gap-2">
      <a
        href={checkReceiptHref(check.id)}
        target="_blank"
        rel="noopener"
        className={link}
        aria-label={t`Receipt of check ${number} (opens in a new tab)`}
      >
        <Trans context="outlet receipt">Receipt</Trans>
      </a>
      {check.invoiceNumber ? (
        <a
          href={checkInvoiceHref(check.id)}
          target="_blank"
          rel="noopener"
          className={link}
          aria-label={t`A4 of check ${number} (opens in a new tab)`}
        >
          <Trans>A4</Trans>
        </a>
      ) : null}
    </span>
  );
}
