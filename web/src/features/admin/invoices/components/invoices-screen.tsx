import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatBookingReference } from '@shared/booking-reference';
import { AdminFilterBar } from '@/components/admin/admin-filter-bar';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { useAdminFilters } from '@/components/admin/use-admin-filters';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { lazy } from '@/lib/lazy';
import {
  type InvoiceRow,
  NO_FILTERS,
  invoicesCsvHref,
  outletDocumentPageHref,
  outletDocumentXmlHref,
  outletReceiptHref,
  useInvoices,
} from '../api/invoices';

const CreditNoteDialog = lazy(() => import('./credit-note-dialog'));

/**
 * /admin/invoices (staff): every tax invoice and credit note the hotel issued, the desk's (INV, CN)
 * and the outlets' (a check paid at an outlet, OUT, and its void's credit note, OCN), newest first,
 * found by issue dates, number, guest or outlet, and series; each document opens as its printable
 * A4 page (and its UBL for e-invoicing), an outlet's check also as its 80 mm receipt; managers credit
 * an invoice, in full or in part (by line or by amount), with a reason. The list's CSV holds what
 * the filters find.
 */
export function InvoicesScreen() {
  const { t } = useLingui();
  const { draft, filters, set, search, clear } = useAdminFilters(NO_FILTERS);
  const [crediting, setCrediting] = useState<InvoiceRow | null>(null);
  const list = useInvoices(filters);
  const canCredit = hasRole(useCurrentUser().data, 'manager');
  const rows = list.data?.pages.flatMap((page) => page.invoices) ?? [];

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
      <AdminFilterBar label={t`Find invoices`} onSearch={search} onClear={clear}>
        <DatePicker label={t`Issued from`} value={draft.from} onChange={set('from')} />
        <DatePicker label={t`Issued until`} value={draft.to} onChange={set('to')} />
        <TextField
          label={t`Number`}
          description={t`The whole number or its last digits`}
          value={draft.number}
          onChange={set('number')}
          inputDir="ltr"
        />
        <TextField label={t`Guest or outlet`} value={draft.guest} onChange={set('guest')} />
        <Select
          label={t`Series`}
          selectedKey={draft.series || 'any'}
          onSelectionChange={(key) => set('series')(key === 'any' ? '' : String(key))}
          data-testid="invoices-series"
        >
          <SelectItem id="any">{t`Every series`}</SelectItem>
          <SelectItem id="INV">{t`Tax invoices (INV)`}</SelectItem>
          <SelectItem id="CN">{t`Credit notes (CN)`}</SelectItem>
          <SelectItem id="OUT">{t`Outlets' tax invoices (OUT)`}</SelectItem>
          <SelectItem id="OCN">{t`Outlets' credit notes (OCN)`}</SelectItem>
        </Select>
      </AdminFilterBar>
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
  // A document's number (INV-2026-000042), shown as issued: not a room's number.
  const columns: AdminTableColumn<InvoiceRow>[] = [
    {
      id: 'number',
      header: <Trans>Number</Trans>,
      isRowHeader: true,
      cell: (row) => (
        <>
          <DocumentNumber row={row} />
          <span className="block text-xs font-normal text-slate-600">
            {row.outletCheckId !== null && row.kind === 'credit_note' ? (
              <Trans>
                Outlet's credit note of <bdi dir="ltr">{row.creditsInvoiceNumber}</bdi> (check voided)
              </Trans>
            ) : row.outletCheckId !== null && row.creditNoteNumber ? (
              <Trans>
                Outlet's tax invoice, voided by <bdi dir="ltr">{row.creditNoteNumber}</bdi>
              </Trans>
            ) : row.outletCheckId !== null ? (
              <Trans>Outlet's tax invoice, paid at the outlet</Trans>
            ) : row.kind === 'credit_note' ? (
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
        </>
      ),
    },
    {
      id: 'date',
      header: <Trans>Date</Trans>,
      className: 'whitespace-nowrap text-slate-700',
      cell: (row) => formatDate(row.issueDate, language),
    },
    {
      id: 'customer',
      header: <Trans>Customer</Trans>,
      className: 'text-slate-900',
      cell: (row) => <bdi>{row.customerName}</bdi>,
    },
    {
      id: 'booking',
      header: <Trans>Booking or outlet</Trans>,
      cell: (row) =>
        row.bookingReference === null ? (
          <bdi className="text-slate-700">{language === 'ar' ? row.outletNameAr : row.outletNameEn}</bdi>
        ) : (
          <bdi dir="ltr" className="text-slate-700">
            {formatBookingReference(row.bookingReference)}
          </bdi>
        ),
    },
    {
      id: 'total',
      header: <Trans>Total</Trans>,
      align: 'end',
      className: 'whitespace-nowrap font-semibold text-slate-900',
      cell: (row) => formatPrice(row.totalBaisa, language),
    },
    {
      id: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (row) => {
        const documentNumber = row.number;
        if (row.outletCheckId !== null) {
          // An outlet's document: its A4 page and its check's receipt to print, its UBL for the
          // e-invoicing service; a void is the outlet's own.
          const credit = row.kind === 'credit_note';
          return (
            <div className="flex flex-wrap gap-2">
              <a
                href={outletDocumentPageHref(row.outletCheckId, credit)}
                target="_blank"
                rel="noopener"
                className={buttonClass('secondary')}
                aria-label={t`Open to print ${documentNumber}`}
              >
                <Trans>Open to print</Trans>
              </a>
              {credit ? null : (
                <a
                  href={outletReceiptHref(row.outletCheckId)}
                  target="_blank"
                  rel="noopener"
                  className={buttonClass('secondary')}
                  aria-label={t`Receipt of ${documentNumber}`}
                >
                  <Trans context="outlet receipt">Receipt</Trans>
                </a>
              )}
              <a
                href={outletDocumentXmlHref(row.outletCheckId, credit)}
                download={`${documentNumber}.xml`}
                className={buttonClass('secondary')}
                aria-label={t`XML e-invoice of ${documentNumber}`}
              >
                <Trans>XML</Trans>
              </a>
            </div>
          );
        }
        return (
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
        );
      },
    },
  ];
  return (
    // A scroll region on a phone: reachable and scrollable from the keyboard too.
    <AdminTable
      look="card"
      region={{ label: t`Invoices found` }}
      className="min-w-[48rem] text-sm"
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.series}-${row.id}`}
      rowProps={(row) => ({ 'data-testid': 'invoice-row', 'data-number': row.number })}
    />
  );
}

/** A document's number (INV-2026-000042), shown as issued, left to right: not a room's number. */
function DocumentNumber({ row: { number: documentNumber } }: { row: InvoiceRow }) {
  return (
    <bdi dir="ltr" className="whitespace-nowrap">
      {documentNumber}
    </bdi>
  );
}
