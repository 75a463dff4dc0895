import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CommissionAgent, CommissionRow } from '@shared/company-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { buttonClass } from '@/components/ui/button-class';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { useLanguage } from '@/hooks/use-language';
import { api, errorMessage, readJson } from '@/lib/api-client';
import { formatCount, formatDate, formatPercent, formatPrice } from '@/lib/format';
import { useCityLedgerAccounts } from '../api/city-ledger';
import { BookingReference } from '@/components/booking-reference';

type Report = { agents: CommissionAgent[]; roomRevenueBaisa: number; commissionBaisa: number };

const ALL = 'all';

/** The first and the last day of `today`'s month: where the stays being earned are. */
function thisMonth(today: string) {
  const from = `${today.slice(0, 7)}-01`;
  // The 28th plus four days is always in the next month; its first day, less one, is this month's last.
  const next = addDays(`${today.slice(0, 7)}-28`, 4);
  return { from, to: addDays(`${next.slice(0, 7)}-01`, -1) };
}

/**
 * The travel agents' commissions (a lazy chunk of the company accounts screen, managers): per
 * agent and booking, the room revenue of the period's nights net of taxes and the commission it
 * owes, with the totals; the same as a CSV download (in the page's language). This month unless
 * another period is chosen: last month's, the one invoiced, is a choice away, while an empty
 * panel on opening said nothing of the stays under way.
 */
export default function CommissionsPanel() {
  const { t } = useLingui();
  const language = useLanguage();
  const agents = (useCityLedgerAccounts().data?.accounts ?? []).filter((a) => a.kind === 'travel_agent');
  const [period, setPeriod] = useState(() => thisMonth(hotelToday()));
  const [agent, setAgent] = useState(ALL);
  const query = {
    from: period.from,
    to: period.to,
    ...(agent !== ALL ? { travelAgentId: agent } : {}),
  };
  const report = useQuery({
    queryKey: ['admin', 'commissions', query] as const,
    // The route answers JSON or (format=csv) a download: the JSON's shape is named here.
    queryFn: async () => (await readJson(() => api.admin.commissions.$get({ query }))) as unknown as Report,
    enabled: period.from !== '' && period.to !== '' && period.from <= period.to,
    staleTime: 0,
    meta: { persist: false },
  });
  const csv = `/api/admin/commissions?${new URLSearchParams({ ...query, format: 'csv', lang: language }).toString()}`;
  const columns: AdminTableColumn<CommissionRow>[] = [
    {
      id: 'booking',
      header: <Trans>Booking</Trans>,
      isRowHeader: true,
      cell: (b) => (
        <>
          <bdi>{b.guestName}</bdi>{' '}
          <BookingReference reference={b.reference} className="text-sm font-normal" />
        </>
      ),
    },
    {
      id: 'stay',
      header: <Trans>Stay</Trans>,
      cell: (b) => `${formatDate(b.checkInDate, language)} – ${formatDate(b.checkOutDate, language)}`,
    },
    {
      id: 'nights',
      header: <Trans>Nights in the period</Trans>,
      align: 'end',
      cell: (b) => formatCount(b.nights, language),
    },
    {
      id: 'revenue',
      header: <Trans>Room revenue (net)</Trans>,
      align: 'end',
      className: 'tabular-nums',
      cell: (b) => formatPrice(b.roomRevenueBaisa, language),
    },
    {
      id: 'commission',
      header: <Trans>Commission</Trans>,
      align: 'end',
      className: 'font-medium tabular-nums',
      cell: (b) => formatPrice(b.commissionBaisa, language),
    },
  ];
  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby="commissions-heading"
      data-testid="commissions"
    >
      <h2 id="commissions-heading" className="text-lg font-bold text-teal-800">
        <Trans>Travel agents' commissions</Trans>
      </h2>
      <p className="text-sm text-slate-700">
        <Trans>
          On the room revenue, net of taxes, of each night in the period of the stays the guests began.
          No-shows and cancellations owe nothing.
        </Trans>
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <DatePicker
          label={t`From`}
          name="from"
          value={period.from}
          onChange={(from) => setPeriod((p) => ({ ...p, from }))}
        />
        <DatePicker
          label={t`To`}
          name="to"
          value={period.to}
          onChange={(to) => setPeriod((p) => ({ ...p, to }))}
        />
        <Select
          label={t`Travel agent`}
          name="travelAgentId"
          value={agent}
          onChange={(key) => setAgent(String(key))}
        >
          <SelectItem id={ALL}>{t`All travel agents`}</SelectItem>
          {agents.map((a) => (
            <SelectItem key={a.id} id={String(a.id)} textValue={a.name}>
              {a.name}
            </SelectItem>
          ))}
        </Select>
      </div>
      <div>
        <a href={csv} download className={buttonClass('secondary')} data-testid="commissions-csv">
          <Trans>Download as CSV</Trans>
        </a>
      </div>
      {report.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the commissions…</Trans>
        </p>
      ) : report.isError ? (
        <LoadError onRetry={() => void report.refetch()}>
          {errorMessage(report.error, t`The commissions could not be loaded.`)}
        </LoadError>
      ) : report.data.agents.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No travel agent's stay in this period.</Trans>
        </p>
      ) : (
        <>
          {report.data.agents.map((a) => {
            const percent = formatPercent(a.commissionPercent, language);
            const commission = formatPrice(a.commissionBaisa, language);
            return (
              <div key={a.travelAgentId} className="flex flex-col gap-2" data-testid="commissions-agent">
                <h3 className="font-bold text-slate-900">
                  <bdi>{a.travelAgentName}</bdi>{' '}
                  <span className="font-normal text-slate-700">
                    <Trans>
                      commission {percent}, owed {commission}
                    </Trans>
                  </span>
                </h3>
                <AdminTable
                  look="ruled"
                  className="text-sm"
                  columns={columns}
                  rows={a.bookings}
                  rowKey={(b) => b.bookingId}
                />
              </div>
            );
          })}
          <p className="text-lg font-semibold text-slate-900" data-testid="commissions-total">
            <Trans>Owed in all: {formatPrice(report.data.commissionBaisa, language)}</Trans>
          </p>
        </>
      )}
    </section>
  );
}
