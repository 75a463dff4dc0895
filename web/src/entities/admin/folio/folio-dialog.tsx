import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { correctedLineIds, type FolioLine, refundableBaisa, useFolio } from '@/entities/folio/get-folio';
import { errorMessage } from '@/lib/api-client';
import { lazy } from '@/lib/lazy';
import { useOnline } from '@/lib/use-online';
import { FolioBalance, FolioLines, lineText } from '@/entities/folio/folio-lines';
import { ChargeForm, CorrectionForm, PaymentForm, RefundForm } from './folio-forms';
import { InvoiceForm } from './invoice-form';

// Money paid at the provider goes back through it: its own form, a chunk of its own.
const OnlineLineRefund = lazy(() => import('./online-line-refund'));

/** The stay whose folio is opened: enough to name it in the title. */
export type FolioStay = { id: number; fullName: string };

type Mode =
  | { kind: 'charge' }
  | { kind: 'payment' }
  | { kind: 'invoice' }
  | { kind: 'correction'; line: FolioLine }
  | { kind: 'refund'; line: FolioLine; refundable: number }
  | { kind: 'online-refund'; line: FolioLine };

/**
 * A stay's folio for staff, from the front desk and the tape chart: every line (date, what, how
 * many, amount, tax), the balance, and the desk's four moves: post a charge, take a payment,
 * correct a charge (with a reason) and refund a payment (one paid online: through the provider).
 * The server judges each move and answers a refusal in the user's language. The default export, a
 * lazy chunk.
 */
export default function FolioDialog({ stay, onClose }: { stay: FolioStay; onClose: () => void }) {
  const { t } = useLingui();
  const online = useOnline();
  const folio = useFolio(stay.id);
  const [mode, setMode] = useState<Mode | null>(null);
  // Each opening of a form is a form of its own (and a new idempotency key).
  const [opened, setOpened] = useState(0);
  const open = (next: Mode) => {
    setMode(next);
    setOpened((n) => n + 1);
  };
  const done = () => setMode(null);

  const lines = folio.data?.lines ?? [];
  const corrected = correctedLineIds(lines);
  const name = stay.fullName;

  return (
    <Modal title={t`Folio: ${name}`} size="lg" isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <div className="flex flex-col gap-4" data-testid="folio-dialog">
        {folio.isPending ? (
          <p role="status" className="text-slate-700">
            <Trans>Loading the folio…</Trans>
          </p>
        ) : folio.isError && !folio.data ? (
          <LoadError onRetry={() => void folio.refetch()}>
            {errorMessage(folio.error, t`The folio could not be loaded.`)}
          </LoadError>
        ) : (
          <>
            <FolioBalance
              balanceBaisa={folio.data.balanceBaisa}
              nightsToCome={folio.data.nightsToCome}
              paidByOta={folio.data.paidByOta}
            />
            <FolioLines
              lines={lines}
              caption={t`The folio's lines, oldest first`}
              actions={(line) => (
                <LineActions
                  line={line}
                  isDisabled={!online || mode !== null}
                  corrected={corrected.has(line.id)}
                  refundable={
                    line.kind === 'payment'
                      ? refundableBaisa(lines, line)
                      : // A folio in credit moves it back to the company account it went to.
                        line.kind === 'transfer' && folio.data.balanceBaisa < 0
                        ? Math.min(refundableBaisa(lines, line), -folio.data.balanceBaisa)
                        : 0
                  }
                  onCorrect={() => open({ kind: 'correction', line })}
                  onRefund={(refundable) =>
                    open(
                      line.method === 'online'
                        ? { kind: 'online-refund', line }
                        : { kind: 'refund', line, refundable },
                    )
                  }
                />
              )}
            />
            {mode === null ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  isDisabled={!online}
                  onPress={() => open({ kind: 'charge' })}
                  data-testid="folio-post-charge"
                >
                  <Trans>Post a charge</Trans>
                </Button>
                <Button
                  variant="secondary"
                  isDisabled={!online}
                  onPress={() => open({ kind: 'payment' })}
                  data-testid="folio-take-payment"
                >
                  <Trans>Take a payment</Trans>
                </Button>
                {lines.some(
                  (l) => (l.kind === 'charge' || l.kind === 'correction') && l.invoiceId === null,
                ) ? (
                  <Button
                    variant="secondary"
                    isDisabled={!online}
                    onPress={() => open({ kind: 'invoice' })}
                    data-testid="folio-issue-invoice"
                  >
                    <Trans>Issue the tax invoice</Trans>
                  </Button>
                ) : null}
              </div>
            ) : mode.kind === 'charge' ? (
              <ChargeForm key={opened} bookingId={stay.id} onDone={done} />
            ) : mode.kind === 'payment' ? (
              <PaymentForm
                key={opened}
                bookingId={stay.id}
                balanceBaisa={folio.data.balanceBaisa}
                onDone={done}
              />
            ) : mode.kind === 'invoice' ? (
              <InvoiceForm key={opened} bookingId={stay.id} onDone={done} />
            ) : mode.kind === 'correction' ? (
              <CorrectionForm key={opened} bookingId={stay.id} line={mode.line} onDone={done} />
            ) : mode.kind === 'online-refund' ? (
              <Suspense fallback={null}>
                <OnlineLineRefund key={opened} bookingId={stay.id} lineId={mode.line.id} onDone={done} />
              </Suspense>
            ) : (
              <RefundForm
                key={opened}
                bookingId={stay.id}
                line={mode.line}
                refundableBaisa={mode.refundable}
                onDone={done}
              />
            )}
            {!online ? (
              <p className="text-sm text-slate-700">
                <Trans>You are offline: the folio can be changed once the connection is back.</Trans>
              </p>
            ) : null}
          </>
        )}
      </div>
    </Modal>
  );
}

/**
 * A line's move: a charge not yet corrected may be corrected; a payment refunded up to what is
 * left; a transfer to a company account, while the folio is in credit, takes the credit back.
 */
function LineActions({
  line,
  isDisabled,
  corrected,
  refundable,
  onCorrect,
  onRefund,
}: {
  line: FolioLine;
  isDisabled: boolean;
  corrected: boolean;
  refundable: number;
  onCorrect: () => void;
  onRefund: (refundable: number) => void;
}) {
  const { t, i18n } = useLingui();
  // The line as the table shows it, in the page's language (an outlet's check is named in both:
  // "English · العربية"; a name of an Arabic page must not carry the English half).
  const what = lineText(i18n, line);
  if (line.kind === 'charge' && !corrected) {
    return (
      <Button
        variant="ghost"
        className="px-2! py-1! text-sm"
        isDisabled={isDisabled}
        onPress={onCorrect}
        aria-label={t`Correct: ${what}`}
        data-testid="folio-correct"
      >
        <Trans>Correct</Trans>
      </Button>
    );
  }
  if (line.kind === 'transfer' && refundable > 0) {
    return (
      <Button
        variant="ghost"
        className="px-2! py-1! text-sm"
        isDisabled={isDisabled}
        onPress={() => onRefund(refundable)}
        aria-label={t`Move the credit back: ${what}`}
        data-testid="folio-move-back"
      >
        <Trans>Move the credit back</Trans>
      </Button>
    );
  }
  if (line.kind === 'payment' && refundable > 0) {
    return (
      <Button
        variant="ghost"
        className="px-2! py-1! text-sm"
        isDisabled={isDisabled}
        onPress={() => onRefund(refundable)}
        aria-label={t`Refund: ${what}`}
        data-testid="folio-refund"
      >
        <Trans>Refund</Trans>
      </Button>
    );
  }
  return null;
}
