import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { formatBookingReference } from '@shared/booking-reference';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DatePicker } from '@/components/ui/date-picker';
import { TextField } from '@/components/ui/text-field';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { lazy } from '@/lib/lazy';
import {
  type InvoiceFilters,
  type InvoiceRow,
  NO_FILTERS,
  invoicesCsvHref,
  useInvoices,
} from '../api/invoices';

const CreditNoteDialog = lazy(() => import('./credit-note-dialog'));

/**
 * /admin/invoices (staff): the tax invoices and credit notes, newest first, found by issue dates,
 * number or guest; each opens as its printable page (and its UBL for e-invoicing); managers credit
 * an invoice, in full or in part (by line or by amount), with a reason. The list's CSV holds what
 * the filters find.
 */
export function InvoicesScreen() {
  const { t } = useLingui();
  const [draft, setDraft] = useState<InvoiceFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<InvoiceFilters>(NO_FILTERS);
  const [crediting, setCrediting] = useState<InvoiceRow | null>(null);
  const list = useInvoices(filters);
  const canCredit = hasRole(useCurrentUser().data, 'manager');
  const rows = list.data?.pages.flatMap((page) => page.invoices) ?? [];
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const set = (field: keyof InvoiceFilters) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Invoices</Trans>}
        subtitle={
          <Trans>
            Tax invoices and credit notes as issued, newest first. An issued invoice never changes: a credit
            note corrects it.
          </Trans>
        }
        actions={
          <a
            href={invoicesCsvHref(filters)}
            download
            className={buttonClass('secondary')}
            data-testid="invoices-csv"
          >
            <Trans>Export CSV</Trans>
          </a>
        }
      />
      <form
        onSubmit={search}
        role="search"
        aria-label={t`Find invoices`}
        className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <DatePicker label={t`Issued from`} value={draft.from} onChange={set('from')} />
        <DatePicker label={t`Issued until`} value={draft.to} onChange={set('to')} />
        <TextField
          label={t`Number`}
          description={t`The whole number or its last digits`}
          value={draft.number}
          onChange={set('number')}
          inputDir="ltr"
        />
        <TextField label={t`Guest`} value={draft.guest} onChange={set('guest')} />
        <div className="flex gap-2">
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            <Trans>Clear</Trans>
          </Button>
        </div>
      </form>
      {list.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the invoices…</Trans>
        </p>
      ) : list.isError && !list.data ? (
        <LoadError onRetry={() => void list.refetch()}>
          {errorMessage(list.error, t`The invoices could not be loaded.`)}
        </LoadError>
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
          <Trans>No invoice matches.</Trans>
        </p>
      ) : (
        <InvoiceTable rows={rows} canCredit={canCredit} onCredit={setCrediting} />
      )}
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          isDisabled={list.isFetchingNextPage}
          onPress={() => void list.fetchNextPage()}
        >
          <Trans>Show more</Trans>
        </Button>
      ) : null}
      {crediting ? <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} /> : null}
    </main>
  );
}

function InvoiceTable({
  rows,
  canCredit,
  onCredit,
}: {
  rows: InvoiceRow[];
  canCredit: boolean;
  onCredit: (row: InvoiceRow) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const cell = 'px-3 py-2';
  return (
    // A scroll region on a phone: reachable and scrollable from the keyboard too.
    <div
      role="region"
      aria-label={t`Invoices found`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-sand-200 bg-white shadow-sm outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700"
    >
      <table className="w-full min-w-[48rem] border-collapse text-start text-sm">
        <thead className="bg-sand-100 text-slate-800">
          <tr>
            <th scope="col" className={`${cell} text-start font-bold`}>
              <Trans>Number</Trans>
            </th>
            <th scope="col" className={`${cell} text-start font-bold`}>
              <Trans>Date</Trans>
            </th>
            <th scope="col" className={`${cell} text-start font-bold`}>
              <Trans>Customer</Trans>
            </th>
            <th scope="col" className={`${cell} text-start font-bold`}>
              <Trans>Booking</Trans>
            </th>
            <th scope="col" className={`${cell} text-end font-bold`}>
              <Trans>Total</Trans>
            </th>
            <th scope="col" className={`${cell} text-start font-bold`}>
              <Trans>Actions</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            // A document's number (INV-2026-000042), shown as issued: not a room's number.
            const documentNumber = row.number;
            return (
              <tr
                key={row.id}
                data-testid="invoice-row"
                data-number={documentNumber}
                className="border-t border-sand-200 align-top"
              >
                <th scope="row" className={`${cell} text-start font-semibold text-slate-900`}>
                  <bdi dir="ltr" className="whitespace-nowrap">
                    {documentNumber}
                  </bdi>
                  <span className="block text-xs font-normal text-slate-600">
                    {row.kind === 'credit_note' ? (
                      <Trans>
                        Credit note of <bdi dir="ltr">{row.creditsInvoiceNumber}</bdi>
                      </Trans>
                    ) : row.creditNoteNumber && row.creditedBaisa >= row.totalBaisa ? (
                      <Trans>
                        Tax invoice, credited by <bdi dir="ltr">{row.creditNoteNumber}</bdi>
                      </Trans>
                    ) : row.creditNoteNumber ? (
                      <Trans>
                        Tax invoice, {formatPrice(row.creditedBaisa, language)} credited (latest{' '}
                        <bdi dir="ltr">{row.creditNoteNumber}</bdi>)
                      </Trans>
                    ) : (
                      <Trans>Tax invoice</Trans>
                    )}
                  </span>
                </th>
                <td className={`${cell} whitespace-nowrap text-slate-700`}>
                  {formatDate(row.issueDate, language)}
                </td>
                <td className={`${cell} text-slate-900`}>
                  <bdi>{row.customerName}</bdi>
                </td>
                <td className={cell}>
                  <bdi dir="ltr" className="text-slate-700">
                    {formatBookingReference(row.bookingReference)}
                  </bdi>
                </td>
                <td className={`${cell} whitespace-nowrap text-end font-semibold text-slate-900`}>
                  {formatPrice(row.totalBaisa, language)}
                </td>
                <td className={cell}>
                  <div className="flex flex-wrap gap-2">
                    {/* Each name starts with the visible words (axe: label-content-name-mismatch). */}
                    <a
                      href={`/invoices/${row.id}`}
                      target="_blank"
                      rel="noopener"
                      className={buttonClass('secondary')}
                      aria-label={t`Open to print ${documentNumber}`}
                    >
                      <Trans>Open to print</Trans>
                    </a>
                    <a
                      href={`/api/invoices/${row.id}/ubl`}
                      download={`${documentNumber}.xml`}
                      className={buttonClass('secondary')}
                      aria-label={t`XML e-invoice of ${documentNumber}`}
                    >
                      <Trans>XML</Trans>
                    </a>
                    {canCredit && row.kind === 'invoice' && row.creditedBaisa < row.totalBaisa ? (
                      <Button
                        variant="secondary"
                        onPress={() => onCredit(row)}
                        aria-label={t`Credit note for ${documentNumber}`}
                      >
                        <Trans>Credit note</Trans>
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
