import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { formatBookingReference } from '@shared/booking-reference';
import type { DayCloseReport, TaxReportRow } from '@shared/day-close';
import { hotelToday } from '@shared/dates';
import { toArabicIndicDigits } from '@shared/digits';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast-queue';
import type { ExtraKind } from '@shared/extras';
import { extraKindLabel } from '@/entities/extras/extra-words';
import { departmentLabel, paymentMethodLabel, taxCodeLabel } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatPercent } from '@/lib/format-figures';
import { formatCount, formatDate, formatDateTime, formatMonth, formatPrice } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import {
  dayCloseCsvHref,
  defaultCloseDate,
  taxReportCsvHref,
  useCloseDay,
  useDayCloseReport,
  useTaxReport,
} from '../api/day-close';

/**
 * /admin/day-close (managers): a day's report (closed: as stored; open: the figures so far), the
 * close itself (posts the night's room charges, records the arrivals that never came, keeps the
 * report; a closed day never changes), its CSV, and the tax report of a year by month.
 */
export function DayCloseScreen() {
  const { t } = useLingui();
  const [date, setDate] = useState(defaultCloseDate);
  const report = useDayCloseReport(date);
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Day close</Trans>}
        subtitle={
          <Trans>
            Each day's revenue, taxes and payments, kept as they were when the day closed. The night audit
            runs by itself at 03:00 for the day before.
          </Trans>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-64">
          <DatePicker
            label={t`Business date`}
            value={date}
            maxValue={hotelToday()}
            onChange={(value) => setDate(value || defaultCloseDate())}
          />
        </div>
        <a
          href={dayCloseCsvHref(date)}
          download
          className={buttonClass('secondary')}
          data-testid="day-close-csv"
        >
          <Trans>Download CSV</Trans>
        </a>
      </div>
      {report.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the day's figures…</Trans>
        </p>
      ) : report.isError ? (
        <LoadError onRetry={() => void report.refetch()}>
          {errorMessage(report.error, t`The day's figures could not be loaded.`)}
        </LoadError>
      ) : (
        <DayReport report={report.data} />
      )}
      <TaxReportSection />
    </main>
  );
}

const sectionClass = 'flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5';

function DayReport({ report }: { report: DayCloseReport }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const money = (baisa: number) => formatPrice(baisa, language);
  const total = (figures: Record<string, number>) => Object.values(figures).reduce((a, b) => a + b, 0);
  return (
    <div className="flex flex-col gap-4" data-testid="day-close-report" data-closed={report.closed}>
      <CloseState report={report} />
      <div className="grid gap-4 md:grid-cols-2">
        <Figures
          title={<Trans>Revenue without taxes</Trans>}
          rows={Object.entries(report.revenueBaisa).map(([d, v]) => [departmentLabel(i18n, d), money(v)])}
          total={[t`Total revenue`, money(total(report.revenueBaisa))]}
          testId="day-close-revenue"
        />
        <Figures
          title={<Trans>Taxes</Trans>}
          rows={Object.entries(report.taxesBaisa).map(([code, v]) => [taxCodeLabel(i18n, code), money(v)])}
          total={[t`Total taxes`, money(total(report.taxesBaisa))]}
        />
        <Figures
          title={<Trans>Payments</Trans>}
          rows={Object.entries(report.paymentsBaisa).map(([m, v]) => [paymentMethodLabel(i18n, m), money(v)])}
          total={[t`Total payments`, money(total(report.paymentsBaisa))]}
        />
        <Figures
          title={<Trans>Refunds</Trans>}
          rows={Object.entries(report.refundsBaisa).map(([m, v]) => [paymentMethodLabel(i18n, m), money(v)])}
          total={[t`Total refunds`, money(total(report.refundsBaisa))]}
        />
        <Figures
          title={<Trans>Rooms</Trans>}
          testId="day-close-rooms"
          rows={[
            [t`Rooms sold`, formatCount(report.roomsSold, language)],
            [t`Rooms for sale`, formatCount(report.roomsForSale, language)],
            [t`Occupancy`, report.occupancy === null ? '—' : formatPercent(report.occupancy, language)],
            [t`Average daily rate (without taxes)`, money(report.adrBaisa)],
            [t`Room charges with taxes`, money(report.roomChargesBaisa)],
            [t`No-shows`, formatCount(report.noShows, language)],
          ]}
        />
        <Figures
          title={<Trans>Balances and company accounts</Trans>}
          rows={[
            [t`Owed by guests in house`, money(report.inHouseBalanceBaisa)],
            [t`Owed by companies`, money(report.cityLedgerBalanceBaisa)],
            [t`Moved to company accounts`, money(report.transfersBaisa)],
            ...Object.entries(report.cityLedgerPaymentsBaisa).map(([m, v]): [string, string] => [
              t`Paid by companies: ${paymentMethodLabel(i18n, m)}`,
              money(v),
            ]),
          ]}
        />
        {(report.outlets ?? []).map((outlet) => (
          // Each outlet's day (decision 090): its checks less the day's voids, to rooms and paid there.
          <Figures
            key={outlet.outletId}
            title={<Trans>Outlet: {language === 'ar' ? outlet.nameAr : outlet.nameEn}</Trans>}
            testId="day-close-outlet"
            rows={[
              [t`Checks`, formatCount(outlet.checks, language)],
              [t`Revenue without taxes`, money(outlet.revenueBaisa)],
              ...Object.entries(outlet.taxesBaisa).map(([code, v]): [string, string] => [
                taxCodeLabel(i18n, code),
                money(v),
              ]),
              [t`Charged to rooms`, money(outlet.toRoomsBaisa)],
              [t`Paid at the outlet`, money(outlet.paidBaisa)],
              // A day closed before the outlets' payments by method has none.
              ...Object.entries(outlet.paymentsBaisa ?? {}).map(([m, v]): [string, string] => [
                t`Paid at the outlet: ${paymentMethodLabel(i18n, m)}`,
                money(v),
              ]),
              [t`Voided`, money(outlet.voidedBaisa)],
            ]}
          />
        ))}
        {Object.keys(report.extrasRevenueBaisa ?? {}).length > 0 ? (
          // The extras guests bought for their stays (decision 098), by kind; also in the revenue above.
          <Figures
            title={<Trans>Revenue from extras</Trans>}
            testId="day-close-extras"
            rows={Object.entries(report.extrasRevenueBaisa).map(([kind, v]): [string, string] => [
              extraKindLabel(i18n, kind as ExtraKind),
              money(v ?? 0),
            ])}
            total={[t`Total from extras`, money(total(report.extrasRevenueBaisa as Record<string, number>))]}
          />
        ) : null}
        {report.roundingBaisa ? (
          // The baisa the day's documents could not put in a whole-baisa net (their payable rounding).
          <Figures
            title={<Trans>Rounding on the day's invoices</Trans>}
            testId="day-close-rounding"
            rows={[[t`Payable rounding (neither revenue nor tax)`, money(report.roundingBaisa)]]}
          />
        ) : null}
      </div>
      {report.onlinePayments.length > 0 ? <OnlinePayments report={report} /> : null}
    </div>
  );
}

/** The day's online payments one by one: the booking, the checkout, the provider's payment id, the amount. */
function OnlinePayments({ report }: { report: DayCloseReport }) {
  const { t } = useLingui();
  const language = useLanguage();
  const columns: AdminTableColumn<DayCloseReport['onlinePayments'][number]>[] = [
    {
      id: 'booking',
      header: <Trans>Booking</Trans>,
      cell: (p) => <bdi dir="ltr">{formatBookingReference(p.bookingReference)}</bdi>,
    },
    {
      id: 'checkout',
      header: <Trans>Checkout</Trans>,
      className: 'tabular-nums',
      cell: (p) =>
        p.sessionId === null
          ? '—'
          : language === 'ar'
            ? toArabicIndicDigits(String(p.sessionId))
            : p.sessionId,
    },
    {
      id: 'provider',
      header: <Trans>Provider's payment id</Trans>,
      cell: (p) => (
        <bdi dir="ltr" className="font-mono text-xs">
          {p.providerPaymentId ?? '—'}
        </bdi>
      ),
    },
    {
      id: 'amount',
      header: <Trans>Amount</Trans>,
      align: 'end',
      className: 'font-medium tabular-nums',
      cell: (p) => formatPrice(p.amountBaisa, language),
    },
  ];
  return (
    <section className={sectionClass} data-testid="day-close-online-payments">
      <h2 className="text-lg font-bold text-teal-800">
        <Trans>Online payments</Trans>
      </h2>
      <AdminTable
        look="section"
        region={{ label: t`The day's online payments` }}
        className="min-w-[32rem] text-sm"
        columns={columns}
        rows={report.onlinePayments}
        rowKey={(p, i) => p.providerPaymentId ?? i}
      />
    </section>
  );
}

/** Open or closed, and the close itself (a second press confirms: a closed day never changes). */
function CloseState({ report }: { report: DayCloseReport }) {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const close = useCloseDay();
  const [confirming, setConfirming] = useState(false);
  const day = formatDate(report.date, language);
  if (report.closed) {
    const at = report.closedAt ? formatDateTime(report.closedAt, language) : '';
    return (
      <p className="rounded-xl bg-teal-50 p-3 text-teal-900" data-testid="day-close-state">
        {report.closedBy ? (
          <Trans>
            {day} is closed: closed on {at} by {report.closedBy}. These figures no longer change.
          </Trans>
        ) : (
          <Trans>
            {day} is closed: closed on {at} by the night audit. These figures no longer change.
          </Trans>
        )}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-sand-100 p-3" data-testid="day-close-state">
      <p className="text-slate-800">
        <Trans>
          {day} is open: these are the figures so far. Closing it posts the night's room charges for the
          guests in house, records the arrivals that never came as no-shows once the day is over, and keeps
          the report.
        </Trans>
      </p>
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. The day can be closed once the connection is back.</Trans>
        </OfflineNote>
      ) : null}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-3" role="group" aria-label={t`Confirm the close`}>
          <p className="font-medium text-slate-900">
            <Trans>Close {day}? Nothing dated that day can be posted afterwards.</Trans>
          </p>
          <Button
            variant="danger"
            isPending={close.isPending}
            isDisabled={!online}
            data-testid="day-close-confirm"
            onPress={() =>
              close.mutate(report.date, {
                onSuccess: (result) => {
                  setConfirming(false);
                  showToast({ variant: 'success', title: result.message });
                },
                onError: (failure) =>
                  showToast({
                    variant: 'error',
                    title: t`The day was not closed`,
                    description: errorMessage(failure, t`Please try again.`),
                  }),
              })
            }
          >
            <Trans>Yes, close the day</Trans>
          </Button>
          <Button variant="ghost" onPress={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      ) : (
        <div>
          <Button isDisabled={!online} onPress={() => setConfirming(true)} data-testid="day-close-start">
            <Trans>Close this day</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}

function Figures({
  title,
  rows,
  total,
  testId,
}: {
  title: ReactNode;
  rows: [string, string][];
  total?: [string, string];
  testId?: string;
}) {
  return (
    <section className={sectionClass} data-testid={testId}>
      <h2 className="text-lg font-bold text-teal-800">{title}</h2>
      {rows.length === 0 && !total ? null : (
        <dl className="flex flex-col divide-y divide-sand-100">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-baseline justify-between gap-4 py-1.5">
              <dt className="text-slate-700">{label}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
          {total ? (
            <div className="flex items-baseline justify-between gap-4 pt-2">
              <dt className="font-semibold text-slate-900">{total[0]}</dt>
              <dd className="font-bold text-teal-900 tabular-nums">{total[1]}</dd>
            </div>
          ) : null}
        </dl>
      )}
    </section>
  );
}

/** The tax report of a year, month by month: each tax's base and amount (VAT return, levy statement). */
function TaxReportSection() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const thisYear = Number(hotelToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const from = `${year}-01`;
  const to = `${year}-12`;
  const report = useTaxReport(from, to);
  const years = [thisYear, thisYear - 1, thisYear - 2];
  const taxColumns: AdminTableColumn<TaxReportRow>[] = [
    { id: 'month', header: <Trans>Month</Trans>, cell: (row) => formatMonth(row.month, language) },
    { id: 'tax', header: <Trans>Tax</Trans>, cell: (row) => taxCodeLabel(i18n, row.code) },
    {
      id: 'base',
      header: <Trans>Base</Trans>,
      align: 'end',
      className: 'tabular-nums',
      cell: (row) => formatPrice(row.baseBaisa, language),
    },
    {
      id: 'amount',
      header: <Trans>Amount</Trans>,
      align: 'end',
      className: 'font-medium tabular-nums',
      cell: (row) => formatPrice(row.amountBaisa, language),
    },
  ];
  return (
    <section className={sectionClass} aria-labelledby="tax-report-heading" data-testid="tax-report">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="tax-report-heading" className="text-xl font-bold text-teal-800">
            <Trans>Tax report</Trans>
          </h2>
          <p className="text-sm text-slate-700">
            <Trans>Each tax's base and amount by month, for the VAT return and the tourism levy.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label={t`Year`}
            selectedKey={String(year)}
            onSelectionChange={(key) => setYear(Number(key))}
            className="w-36"
          >
            {years.map((y) => (
              <SelectItem key={y} id={String(y)} textValue={formatYear(y, language)}>
                {formatYear(y, language)}
              </SelectItem>
            ))}
          </Select>
          <a href={taxReportCsvHref(from, to)} download className={buttonClass('secondary')}>
            <Trans>Download CSV</Trans>
          </a>
        </div>
      </div>
      {report.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the tax report…</Trans>
        </p>
      ) : report.isError ? (
        <LoadError onRetry={() => void report.refetch()}>
          {errorMessage(report.error, t`The tax report could not be loaded.`)}
        </LoadError>
      ) : report.data.rows.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No taxed charges in this year yet.</Trans>
        </p>
      ) : (
        <AdminTable
          look="ruled"
          className="min-w-[28rem] text-start text-sm"
          columns={taxColumns}
          rows={report.data.rows}
          rowKey={(row) => `${row.month}-${row.code}`}
        />
      )}
    </section>
  );
}

/** A year in the language's digits, without grouping ("٢٠٢٦" / "2026"). */
function formatYear(year: number, language: 'ar' | 'en') {
  return language === 'ar' ? toArabicIndicDigits(String(year)) : String(year);
}
