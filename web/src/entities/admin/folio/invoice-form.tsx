import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { INVOICE_RULES } from '@shared/invoice-schemas';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { folioKeys } from '@/entities/folio/get-folio';
import { api, errorMessage, fieldErrorsOf, readJson } from '@/lib/api-client';

/**
 * Staff issue the tax invoice of what the folio was charged and not yet invoiced (POST
 * /api/booking-submissions/:id/invoices), to the guest, or to a company named here with its VAT
 * number (Oman's VAT asks for it on a company's invoice). The issued invoice opens as its page.
 */
export function InvoiceForm({ bookingId, onDone }: { bookingId: number; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [company, setCompany] = useState('');
  const [vatNumber, setVatNumber] = useState('');
  const [address, setAddress] = useState('');
  const issue = useMutation({
    mutationFn: () =>
      readJson(
        api['booking-submissions'][':id'].invoices.$post({
          param: { id: String(bookingId) },
          json: company.trim() ? { customer: { name: company, vatNumber, address } } : {},
        }),
      ),
    onSuccess: (answer) => {
      showToast({ variant: 'success', title: answer.message });
      void queryClient.invalidateQueries({ queryKey: folioKeys.detail(bookingId) });
    },
  });
  const fields = fieldErrorsOf(issue.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    issue.mutate();
  };
  if (issue.data) {
    const issuedNumber = issue.data.invoice.number;
    return (
      <div
        className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-sand-50 p-3 sm:p-4"
        data-testid="folio-invoice-issued"
      >
        <p className="font-semibold text-slate-900">
          <Trans>
            Tax invoice <bdi dir="ltr">{issuedNumber}</bdi> issued.
          </Trans>
        </p>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/invoices/${issue.data.invoice.id}`}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center rounded-full bg-teal-800 px-5 font-semibold text-white"
          >
            <Trans>Open to print</Trans>
          </a>
          <Button variant="secondary" onPress={onDone}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-sand-200 bg-sand-50 p-3 sm:p-4"
      data-testid="folio-invoice-form"
    >
      <h3 className="text-lg font-bold text-teal-800">
        <Trans>Issue the tax invoice</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>Of every charge not yet invoiced. Leave the company empty to invoice the guest.</Trans>
      </p>
      <TextField
        label={t`Company (optional)`}
        value={company}
        onChange={setCompany}
        maxLength={INVOICE_RULES.customerNameMax}
        errorMessage={fields['customer.name']}
        isInvalid={Boolean(fields['customer.name'])}
      />
      <TextField
        label={t`Company's VAT number`}
        description={t`OM and ten digits`}
        value={vatNumber}
        onChange={setVatNumber}
        inputDir="ltr"
        isDisabled={!company.trim()}
        errorMessage={fields['customer.vatNumber']}
        isInvalid={Boolean(fields['customer.vatNumber'])}
      />
      <TextField
        label={t`Company's address`}
        value={address}
        onChange={setAddress}
        maxLength={INVOICE_RULES.customerAddressMax}
        isDisabled={!company.trim()}
      />
      {issue.isError && Object.keys(fields).length === 0 ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-2 font-medium text-red-800"
          data-testid="folio-refusal"
        >
          {errorMessage(issue.error, t`The invoice could not be issued.`)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isPending={issue.isPending} data-testid="folio-invoice-submit">
          <Trans>Issue the invoice</Trans>
        </Button>
        <Button variant="secondary" onPress={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
