import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button, LinkButton } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { FolioBalance, FolioLines } from '@/entities/folio/folio-lines';
import { errorMessage } from '@/lib/api-client';
import { useGroupFolio, useGroupFolioAction } from '../api/group-folio';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A master-billed block's own folio: its members' room nights and taxes, the balance, one tax
 * invoice to the company and the balance moved to the company's account on the city ledger.
 */
export function GroupFolioPanel({ groupId, companyName }: { groupId: number; companyName: string | null }) {
  const { t } = useLingui();
  const folio = useGroupFolio(groupId, true);
  const act = useGroupFolioAction(groupId);
  const [asking, setAsking] = useState<'invoice' | 'transfer' | null>(null);
  if (folio.isPending) {
    return (
      <p role="status" className="text-slate-700">
        <Trans>Loading the group's folio…</Trans>
      </p>
    );
  }
  if (folio.isError) {
    return (
      <LoadError onRetry={() => void folio.refetch()}>
        {errorMessage(folio.error, t`The group's folio could not be loaded.`)}
      </LoadError>
    );
  }
  const invoices = folio.data.invoices;
  // Charges not yet on an invoice: what a new invoice to the company would carry.
  const toInvoice = folio.data.lines.some(
    (line) => (line.kind === 'charge' || line.kind === 'correction') && line.invoiceId == null,
  );
  const run = (action: 'invoice' | 'transfer') =>
    act.mutate(action, {
      onSuccess: (done) => {
        setAsking(null);
        showToast({
          variant: 'success',
          title:
            done.message ??
            (action === 'invoice'
              ? t`The invoice to the company is issued`
              : t`Moved to the company's account`),
        });
      },
      onError: (error) => {
        setAsking(null);
        showToast({
          variant: 'error',
          title: action === 'invoice' ? t`The invoice was not issued` : t`The balance was not moved`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  return (
    <section className="flex flex-col gap-4" aria-labelledby="group-folio-heading" data-testid="group-folio">
      <h2 id="group-folio-heading" className="text-xl font-bold text-teal-800">
        <Trans>Group folio</Trans>
      </h2>
      <FolioBalance balanceBaisa={folio.data.balanceBaisa} />
      <FolioLines
        lines={folio.data.lines}
        caption={t`The group's folio lines`}
        emptyText={<Trans>No room night has been charged to the group yet.</Trans>}
        guestOf={(line) =>
          line.guestName ? { name: line.guestName, reference: line.bookingReference ?? '' } : undefined
        }
      />
      {invoices.length > 0 ? (
        <ul className="flex flex-wrap gap-2" data-testid="group-invoices">
          {invoices.map(({ id, number: invoiceNumber }) => (
            <li key={id}>
              <LinkButton href={`/invoices/${id}`} variant="secondary">
                <Trans>
                  Invoice{' '}
                  <bdi dir="ltr" translate="no">
                    {invoiceNumber}
                  </bdi>
                </Trans>
              </LinkButton>
            </li>
          ))}
        </ul>
      ) : null}
      {companyName ? (
        <div className="flex flex-wrap gap-2">
          <Button
            isDisabled={!toInvoice}
            onPress={() => setAsking('invoice')}
            data-testid="group-folio-invoice"
          >
            <Trans>Invoice to {companyName}</Trans>
          </Button>
          <Button
            variant="secondary"
            isDisabled={folio.data.balanceBaisa <= 0}
            onPress={() => setAsking('transfer')}
            data-testid="group-folio-transfer"
          >
            <Trans>Move the balance to {companyName}'s account</Trans>
          </Button>
        </div>
      ) : (
        <p className="text-slate-700">
          <Trans>The block has no company: choose one to invoice it or move its balance to an account.</Trans>
        </p>
      )}
      {asking ? (
        <ConfirmDialog
          title={
            asking === 'invoice' ? <Trans>Issue the tax invoice?</Trans> : <Trans>Move the balance?</Trans>
          }
          confirmLabel={asking === 'invoice' ? <Trans>Issue the invoice</Trans> : <Trans>Move it</Trans>}
          isPending={act.isPending}
          onConfirm={() => run(asking)}
          onClose={() => setAsking(null)}
        >
          {asking === 'invoice' ? (
            <Trans>
              One tax invoice for the group's folio is issued to {companyName}. It cannot be deleted.
            </Trans>
          ) : (
            <Trans>
              The group's balance goes to {companyName}'s account on the city ledger, to be paid by the
              company.
            </Trans>
          )}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
