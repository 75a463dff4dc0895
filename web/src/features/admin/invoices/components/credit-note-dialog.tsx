import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { INVOICE_RULES } from '@shared/invoice-schemas';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { type InvoiceRow, useIssueCreditNote } from '../api/invoices';

/**
 * A manager credits an invoice in full (a credit note with its own number, pointing at the
 * invoice; its charges corrected on the folio) with a reason. The default export, a lazy chunk.
 */
export default function CreditNoteDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const issue = useIssueCreditNote();
  const [reason, setReason] = useState('');
  const fieldError = fieldErrorsOf(issue.error).reason;
  // A document's number (INV-2026-000042), shown as issued: not a room's number.
  const documentNumber = invoice.number;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(
      { id: invoice.id, reason },
      {
        onSuccess: (answer) => {
          showToast({ variant: 'success', title: answer.message });
          onClose();
        },
      },
    );
  };
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={<Trans>Credit note</Trans>}>
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="credit-note-dialog">
        <p className="text-slate-800">
          <Trans>
            Credits <bdi dir="ltr">{documentNumber}</bdi> in full ({formatPrice(invoice.totalBaisa, language)}
            ): each charge on it is reversed on the guest's folio. This cannot be undone.
          </Trans>
        </p>
        <TextField
          label={t`Reason`}
          multiline
          rows={3}
          isRequired
          maxLength={INVOICE_RULES.reasonMax}
          value={reason}
          onChange={setReason}
          errorMessage={fieldError}
          isInvalid={Boolean(fieldError)}
        />
        {issue.isError && !fieldError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errorMessage(issue.error, t`The credit note could not be issued.`)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isDisabled={issue.isPending}>
            <Trans>Issue the credit note</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
