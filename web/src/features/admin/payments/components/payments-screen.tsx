import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { Link } from 'react-aria-components';
import { formatBookingReference } from '@shared/booking-reference';
import { type PaymentListRow, refundableBaisa } from '@shared/payment-admin-schemas';
import { PAYMENT_SESSION_STATUSES, type PaymentSessionStatus } from '@shared/payments';
import { AdminFilterBar } from '@/components/admin/admin-filter-bar';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { useAdminFilters } from '@/components/admin/use-admin-filters';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import {
  flagLabel,
  providerStatusLabel,
  purposeLabel,
  sessionStatusLabel,
} from '@/entities/admin/payments/payment-words';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { lazy } from '@/lib/lazy';
import { paymentsCsvHref, usePayments } from '../api/payments';
import { NO_FILTERS, type PaymentFilters } from '../lib/payment-filters';

const RefundDialog = lazy(() => import('./refund-dialog'));
const ReconcileDialog = lazy(() => import('./reconcile-dialog'));
const RefusedEvents = lazy(() => import('./refused-events'));

/**
 * /admin/payments (staff; decision 071): the guests' online payments, newest first, found by
 * dates, state, a booking reference, the provider's reference or a name; each with its booking,
 * amount, the provider's reference and what needs staff (the provider disagrees with the folio,
 * money kept on a cancelled booking, a refund refused). A paid one is refunded through the
 * provider; a manager checks a day with the provider; a tab lists the webhooks refused (forgeries
 * and mismatches). The list's CSV holds what the filters find.
 */
export function PaymentsScreen() {
  const { t, i18n } = useLingui();
  const { draft, filters, set, search, clear } = useAdminFilters(NO_FILTERS);
  const [refunding, setRefunding] = useState<PaymentListRow | null>(null);
  const [reconciling, setReconciling] = useState(false);
  const [tab, setTab] = useState<'payments' | 'refused'>('payments');
  const isManager = hasRole(useCurrentUser().data, 'manager');

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Online payments</Trans>}
        subtitle={
          <Trans>
            Deposits and balances guests paid on the payment provider's page, newest first, with what needs
            you.
          </Trans>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {isManager ? (
              <Button
                variant="secondary"
                onPress={() => setReconciling(true)}
                data-testid="payments-reconcile"
              >
                <Trans>Check with the provider</Trans>
              </Button>
            ) : null}
            <a
              href={paymentsCsvHref(filters)}
              download
              className={buttonClass('secondary')}
              data-testid="payments-csv"
            >
              <Trans>Export CSV</Trans>
            </a>
          </div>
        }
      />
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as 'payments' | 'refused')}>
        <TabList aria-label={t`Online payments`}>
          <Tab id="payments">
            <Trans>Payments</Trans>
          </Tab>
          <Tab id="refused" data-testid="payments-refused-tab">
            <Trans>Refused webhooks</Trans>
          </Tab>
        </TabList>
        <TabPanel id="payments" className="flex flex-col gap-6">
          <AdminFilterBar label={t`Find online payments`} onSearch={search} onClear={clear}>
            <DatePicker label={t`Made from`} value={draft.from} onChange={set('from')} />
            <DatePicker label={t`Made until`} value={draft.to} onChange={set('to')} />
            <Select
              label={t`State`}
              selectedKey={draft.status || 'any'}
              onSelectionChange={(key) => set('status')(key === 'any' ? '' : String(key))}
              data-testid="payments-status"
            >
              <SelectItem id="any">{t`Any state`}</SelectItem>
              {PAYMENT_SESSION_STATUSES.map((s) => (
                <SelectItem key={s} id={s}>
                  {sessionStatusLabel(i18n, s)}
                </SelectItem>
              ))}
            </Select>
            <TextField
              label={t`Booking, reference or guest`}
              description={t`A booking reference, the provider's reference, or a name`}
              value={draft.q}
              onChange={set('q')}
              data-testid="payments-q"
            />
          </AdminFilterBar>
          <PaymentList filters={filters} onRefund={setRefunding} />
        </TabPanel>
        <TabPanel id="refused">
          {tab === 'refused' ? (
            <Suspense
              fallback={
                <p role="status" className="text-slate-700">
                  <Trans>Loading the refused webhooks…</Trans>
                </p>
              }
            >
              <RefusedEvents />
            </Suspense>
          ) : null}
        </TabPanel>
      </Tabs>
      <Suspense fallback={null}>
        {refunding ? <RefundDialog payment={refunding} onClose={() => setRefunding(null)} /> : null}
        {reconciling ? <ReconcileDialog onClose={() => setReconciling(false)} /> : null}
      </Suspense>
    </main>
  );
}

function PaymentList({
  filters,
  onRefund,
}: {
  filters: PaymentFilters;
  onRefund: (row: PaymentListRow) => void;
}) {
  const { t } = useLingui();
  const list = usePayments(filters);
  const rows = list.data?.pages.flatMap((page) => page.payments) ?? [];
  if (list.isPending) {
    return (
      <p role="status" className="text-slate-700">
        <Trans>Loading the payments…</Trans>
      </p>
    );
  }
  if (list.isError && !list.data) {
    return (
      <LoadError onRetry={() => void list.refetch()}>
        {errorMessage(list.error, t`The payments could not be loaded.`)}
      </LoadError>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
        <Trans>No online payment matches.</Trans>
      </p>
    );
  }
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2" aria-label={t`Online payments found`}>
        {rows.map((row) => (
          <PaymentCard key={row.sessionId} row={row} onRefund={() => onRefund(row)} />
        ))}
      </ul>
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
    </>
  );
}

/** The booking on the desk's list: found by its reference, under the tab of its state. */
function bookingHref(row: PaymentListRow) {
  const tab =
    row.bookingStatus === 'cancelled'
      ? 'cancelled'
      : row.bookingStatus === 'pending'
        ? 'pending'
        : row.bookingStatus === 'completed'
          ? 'completed'
          : 'active';
  return `/admin/bookings?${new URLSearchParams({ q: formatBookingReference(row.bookingReference), tab }).toString()}`;
}

const STATE_CLASS: Record<PaymentSessionStatus, string> = {
  open: 'bg-sand-100 text-slate-800',
  paid: 'bg-teal-50 text-teal-900',
  failed: 'bg-red-50 text-red-800',
  expired: 'bg-slate-100 text-slate-700',
};

function PaymentCard({ row, onRefund }: { row: PaymentListRow; onRefund: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const reference = formatBookingReference(row.bookingReference);
  const left = refundableBaisa(row);
  const amount = formatPrice(row.amountBaisa, language);
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid="payment-row"
      data-session={row.sessionId}
      data-status={row.status}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-xl font-bold text-slate-900 tabular-nums" data-testid="payment-amount">
          {amount}
        </p>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATE_CLASS[row.status]}`}
          data-testid="payment-state"
        >
          {sessionStatusLabel(i18n, row.status)}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">
          <Trans>Booking</Trans>
        </dt>
        <dd>
          <Link
            href={bookingHref(row)}
            className="font-semibold text-teal-800 underline underline-offset-2"
            aria-label={t`Booking ${reference}`}
          >
            <bdi dir="ltr">{reference}</bdi>
          </Link>{' '}
          <bdi className="text-slate-800">{row.guestName}</bdi>
        </dd>
        <dt className="text-slate-600">
          <Trans>For</Trans>
        </dt>
        <dd className="text-slate-800">{purposeLabel(i18n, row.purpose)}</dd>
        <dt className="text-slate-600">
          <Trans>Made</Trans>
        </dt>
        <dd className="text-slate-800">{formatDateTime(row.createdAt, language)}</dd>
        <dt className="text-slate-600">
          <Trans>Provider's reference</Trans>
        </dt>
        <dd className="min-w-0">
          <bdi
            dir="ltr"
            className="block truncate font-mono text-xs text-slate-800"
            data-testid="payment-provider-ref"
          >
            {row.providerPaymentId ?? row.providerSessionId}
          </bdi>
        </dd>
        {row.providerStatus !== null && row.providerStatus !== row.status ? (
          <>
            <dt className="text-slate-600">
              <Trans>The provider says</Trans>
            </dt>
            <dd className="text-slate-800">{providerStatusLabel(i18n, row.providerStatus)}</dd>
          </>
        ) : null}
        {row.refundPendingBaisa > 0 ? (
          <>
            <dt className="text-slate-600">
              <Trans>Refund on its way</Trans>
            </dt>
            <dd className="text-slate-800 tabular-nums" data-testid="payment-refund-pending">
              {formatPrice(row.refundPendingBaisa, language)}
            </dd>
          </>
        ) : null}
        {row.refundedBaisa > 0 ? (
          <>
            <dt className="text-slate-600">
              <Trans>Refunded</Trans>
            </dt>
            <dd className="text-slate-800 tabular-nums" data-testid="payment-refunded">
              {formatPrice(row.refundedBaisa, language)}
            </dd>
          </>
        ) : null}
      </dl>
      {row.flags.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t`Needs you`}>
          {row.flags.map((flag) => (
            <li
              key={flag}
              className="rounded-lg border border-gold-300 bg-gold-50 px-3 py-1.5 text-sm font-medium text-slate-900"
              data-testid="payment-flag"
              data-flag={flag}
            >
              {flagLabel(i18n, flag)}
            </li>
          ))}
        </ul>
      ) : null}
      {left > 0 ? (
        <Button
          variant="secondary"
          className="self-start"
          onPress={onRefund}
          aria-label={t`Refund the payment of ${amount} for booking ${reference}`}
          data-testid="payment-refund"
        >
          <Trans>Refund</Trans>
        </Button>
      ) : null}
    </li>
  );
}
