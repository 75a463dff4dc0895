import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ChainReport } from '@shared/chain-schemas';
import { hotelToday } from '@shared/dates';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { departmentLabel } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatPercent } from '@/lib/format-figures';
import { formatCount, formatMonth, formatPrice } from '@/lib/format';
import { defaultChainDate, useChainFlash, useChainMonth } from '../api/chain';
import { ChainGuestsSection } from './chain-guests-section';
import { ChainManagersSection } from './chain-managers-section';

type Row = ChainReport['hotels'][number] | (ChainReport['total'] & { hotel: null; days?: number });

/** The last twelve months, newest first (YYYY-MM, hotel time). */
function lastMonths(): string[] {
  const [year, month] = hotelToday().split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/**
 * /admin/chain (the chain manager's and the deployment's admin's; docs/decisions/103): the flash of
 * a business date and the month, by hotel and in total, from the days each hotel closed and pushed
 * to the chain: occupancy, ADR, RevPAR and revenue by department. The total is the hotels' sums to
 * the baisa, its ratios computed from those sums. Below them, the chain's guests searched across the
 * hotels and the chain's managers.
 */
export function ChainScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const [date, setDate] = useState(defaultChainDate);
  const months = lastMonths();
  const [month, setMonth] = useState(months[0]!);
  const flash = useChainFlash(date);
  const monthly = useChainMonth(month);
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>The chain's reports</Trans>}
        subtitle={
          <Trans>Every hotel of the chain side by side and in total, from the days each hotel closed.</Trans>
        }
      />
      <section className="flex flex-col gap-3" aria-labelledby="chain-flash-title">
        <h2 id="chain-flash-title" className="text-xl font-bold text-slate-900">
          <Trans>Flash of the day</Trans>
        </h2>
        <div className="w-full sm:w-64">
          <DatePicker
            label={t`Business date`}
            value={date}
            maxValue={hotelToday()}
            onChange={(value) => setDate(value || defaultChainDate())}
          />
        </div>
        {flash.isPending ? (
          <p role="status" className="text-slate-700">
            <Trans>Loading the chain's figures…</Trans>
          </p>
        ) : flash.isError ? (
          <LoadError onRetry={() => void flash.refetch()}>
            {errorMessage(flash.error, t`The chain's figures could not be loaded.`)}
          </LoadError>
        ) : (
          <ChainTable report={flash.data} testId="chain-flash" caption={t`The chain's flash by hotel`} />
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="chain-month-title">
        <h2 id="chain-month-title" className="text-xl font-bold text-slate-900">
          <Trans>The month</Trans>
        </h2>
        <div className="w-full sm:w-64">
          <Select label={t`Month`} selectedKey={month} onSelectionChange={(key) => setMonth(String(key))}>
            {months.map((m) => (
              <SelectItem key={m} id={m}>
                {formatMonth(m, language)}
              </SelectItem>
            ))}
          </Select>
        </div>
        {monthly.isPending ? (
          <p role="status" className="text-slate-700">
            <Trans>Loading the chain's figures…</Trans>
          </p>
        ) : monthly.isError ? (
          <LoadError onRetry={() => void monthly.refetch()}>
            {errorMessage(monthly.error, t`The chain's figures could not be loaded.`)}
          </LoadError>
        ) : (
          <ChainTable report={monthly.data} testId="chain-month" caption={t`The chain's month by hotel`} />
        )}
      </section>
      <ChainGuestsSection />
      <ChainManagersSection />
    </main>
  );
}

function ChainTable({ report, testId, caption }: { report: ChainReport; testId: string; caption: string }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const money = (baisa: number) => formatPrice(baisa, language);
  const departments = [
    ...new Set([...report.hotels, report.total].flatMap((r) => Object.keys(r.revenueBaisa))),
  ].sort();
  const rows: Row[] = [...report.hotels, { ...report.total, hotel: null }];
  const columns: AdminTableColumn<Row>[] = [
    {
      id: 'hotel',
      header: <Trans>Hotel</Trans>,
      isRowHeader: true,
      cell: (row) =>
        row.hotel ? language === 'ar' ? row.hotel.nameAr : row.hotel.nameEn : <Trans>The chain</Trans>,
    },
    {
      id: 'closed',
      header: <Trans>Days closed</Trans>,
      align: 'end',
      cell: (row) => formatCount(row.closedDays, language),
    },
    {
      id: 'sold',
      header: <Trans>Rooms sold</Trans>,
      align: 'end',
      cell: (row) => `${formatCount(row.roomsSold, language)} / ${formatCount(row.roomsForSale, language)}`,
    },
    {
      id: 'occupancy',
      header: <Trans>Occupancy</Trans>,
      align: 'end',
      cell: (row) => (row.occupancy === null ? '—' : formatPercent(row.occupancy, language)),
    },
    { id: 'adr', header: <Trans>ADR</Trans>, align: 'end', cell: (row) => money(row.adrBaisa) },
    { id: 'revpar', header: <Trans>RevPAR</Trans>, align: 'end', cell: (row) => money(row.revparBaisa) },
    ...departments.map((d): AdminTableColumn<Row> => ({
      id: `dept-${d}`,
      header: departmentLabel(i18n, d),
      align: 'end',
      cell: (row) => money(row.revenueBaisa[d] ?? 0),
    })),
    {
      id: 'total',
      header: <Trans>Revenue without taxes</Trans>,
      align: 'end',
      cell: (row) => money(row.totalRevenueBaisa),
    },
  ];
  return (
    <div data-testid={testId}>
      <AdminTable
        look="card"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.hotel?.code ?? 'total'}
        rowProps={(row) => ({
          'data-hotel': row.hotel?.code ?? 'total',
          className: row.hotel ? undefined : 'font-bold',
        })}
        caption={caption}
        region={{ label: t`${caption}: scroll sideways` }}
        className="min-w-[48rem] tabular-nums"
      />
    </div>
  );
}
