import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { INVOICE_RULES } from '@shared/invoice-schemas';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Modal } from '@/components/ui/dialog';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { AmountField, amountOf } from '@/entities/admin/folio/money-fields';
import { departmentLabel } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import {
  type CreditNoteBody,
  type InvoiceRow,
  useInvoiceDocument,
  useIssueCreditNote,
} from '../api/invoices';
import { Separator } from '@/components/separator';

type Scope = 'all' | 'lines' | 'amount';

/**
 * A manager credits an invoice with a reason (a credit note with its own number, pointing at the
 * invoice; its part of each charge corrected on the folio): all that is left of it, some of its
 * lines (what is left of each), or an amount spread over its lines by what is left of each. The
 * server refuses more than is left; its words are shown as they come. The default export, a lazy chunk.
 */
export default function CreditNoteDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const issue = useIssueCreditNote();
  const document = useInvoiceDocument(invoice.id);
  const [reason, setReason] = useState('');
  // One key for this dialog's credit note (the server makes one of a double tap or a retry).
  const [key] = useState(() => crypto.randomUUID());
  const [scope, setScope] = useState<Scope>('all');
  const [lineIds, setLineIds] = useState<string[]>([]);
  const [amount, setAmount] = useState('');
  const [localErrors, setLocalErrors] = useState<Partial<Record<'lineIds' | 'amountBaisa', string>>>({});
  const serverFields = fieldErrorsOf(issue.error);
  const fieldError = serverFields.reason;
  const linesError = localErrors.lineIds ?? serverFields.lineIds;
  const amountError = localErrors.amountBaisa ?? serverFields.amountBaisa;
  // A document's number (INV-2026-000042), shown as issued: not a room's number.
  const documentNumber = invoice.number;
  const left = Math.max(0, invoice.totalBaisa - invoice.creditedBaisa);
  const totalText = formatPrice(invoice.totalBaisa, language);
  const leftText = formatPrice(left, language);
  const uncredited = document.data?.uncreditedBaisa ?? {};
  const openLines = (document.data?.lines ?? []).filter((l) => (uncredited[String(l.folioLineId)] ?? 0) > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreditNoteBody = { reason };
    const errors: typeof localErrors = {};
    if (scope === 'lines') {
      if (lineIds.length === 0) errors.lineIds = t`Choose at least one line to credit.`;
      body.lineIds = lineIds.map(Number);
    }
    if (scope === 'amount') {
      const money = amountOf(amount, t`Enter the amount in rials, e.g. 12.500`);
      if ('error' in money) errors.amountBaisa = money.error;
      else body.amountBaisa = money.baisa;
    }
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    issue.mutate(
      { id: invoice.id, key, ...body },
      {
        onSuccess: (answer) => {
          showToast({ variant: 'success', title: answer.message });
          onClose();
        },
      },
    );
  };
  const shownError =
    issue.isError && !fieldError && !serverFields.lineIds && !serverFields.amountBaisa
      ? errorMessage(issue.error, t`The credit note could not be issued.`)
      : null;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={<Trans>Credit note</Trans>}>
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="credit-note-dialog">
        <p className="text-slate-800">
          <Trans>
            Credits <bdi dir="ltr">{documentNumber}</bdi> ({totalText}), of which {leftText} is left to
            credit: the part credited of each charge is reversed on the guest's folio. This cannot be undone.
          </Trans>
        </p>
        <RadioGroup
          label={t`What to credit`}
          value={scope}
          onChange={(value) => {
            setScope(value as Scope);
            setLocalErrors({});
          }}
        >
          <RadioOption value="all">
            <Trans>All that is left</Trans>
          </RadioOption>
          <RadioOption value="lines">
            <Trans>Some lines</Trans>
          </RadioOption>
          <RadioOption value="amount">
            <Trans>An amount</Trans>
          </RadioOption>
        </RadioGroup>
        {scope === 'lines' ? (
          document.isPending ? (
            <p role="status" className="text-slate-700">
              <Trans>Loading the invoice's lines…</Trans>
            </p>
          ) : document.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errorMessage(document.error, t`The invoice's lines could not be loaded.`)}
            </p>
          ) : (
            <CheckboxGroup
              label={t`Lines to credit (what is left of each)`}
              value={lineIds}
              onChange={(value) => {
                setLineIds(value);
                setLocalErrors({});
              }}
              isInvalid={Boolean(linesError)}
              errorMessage={linesError}
              optionsClassName="flex flex-col"
              data-testid="credit-note-lines"
            >
              {openLines.map((line) => (
                <Checkbox key={line.folioLineId} value={String(line.folioLineId)}>
                  <span>
                    {line.description || departmentLabel(i18n, line.department)}
                    <Separator />
                    {formatDate(line.businessDate, language)}
                    <Separator />
                    <bdi className="font-semibold">
                      {formatPrice(uncredited[String(line.folioLineId)] ?? 0, language)}
                    </bdi>
                  </span>
                </Checkbox>
              ))}
            </CheckboxGroup>
          )
        ) : null}
        {scope === 'amount' ? (
          <AmountField
            label={t`Amount to credit (OMR)`}
            description={t`At most ${leftText}; spread over the invoice's lines by what is left of each.`}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setLocalErrors({});
            }}
            error={amountError}
          />
        ) : null}
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
        {shownError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {shownError}
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
