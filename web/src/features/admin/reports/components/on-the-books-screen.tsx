import { Trans, useLingui } from '@lingui/react/macro';
import { hotelToday } from '@shared/dates';
import { AdminTable, type AdminTableColumn } from '@/components/admin/admin-table';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { useAllRoomTypes } from '@/entities/rooms/get-room-types';
import { useLanguage } from '@/hooks/use-language';
import { formatDayMonth, formatPercent } from '@/lib/format-figures';
import { formatCount, formatPrice } from '@/lib/format';
import {
  ON_THE_BOOKS_GROUPS,
  type OnTheBooksGroup,
  type OnTheBooksReport,
  type OnTheBooksRow,
  reportDefaults,
  useOnTheBooksReport,
} from '../api/reports';
import { GROUP_LABELS, keyLabel } from '../lib/report-words';
import { type NightsByKey, nightsByKey } from '../lib/report-shapes';
import {
  CHART_COLORS,
  ColumnChart,
  LINE_COLOR,
  PENDING_COLOR,
  REPORT_TABLE_CLASS,
  ReportFigure,
  TENTATIVE_COLOR,
} from '@/components/admin/report-charts';
import { BooksNotStored, ReportBody, ReportFrame, useReportParams } from './report-frame';

/**
 * /admin/reports/on-the-books (managers): the nights ahead as booked, by room type, segment,
 * source or company: rooms per night as stacked bars with the hotel's occupancy as a line, and
 * the figures as a table. Live, or as the books stood at the close of a chosen day.
 */
export function OnTheBooksScreen() {
  const { t, i18n } = useLingui();
  const defaults = reportDefaults();
  const [query, set] = useReportParams({
    from: defaults.today,
    to: defaults.lastNight,
    by: 'roomType',
    asOf: '',
  });
  const by = (ON_THE_BOOKS_GROUPS as readonly string[]).includes(query.by)
    ? (query.by as OnTheBooksGroup)
    : 'roomType';
  const report = useOnTheBooksReport({ ...query, by });
  return (
    <ReportFrame
      report="on-the-books"
      query={{ ...query, by }}
      subtitle={
        <Trans>The nights ahead as booked today, or as they stood at the close of an earlier day.</Trans>
      }
      controls={
        <>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`From`}
              value={query.from}
              onChange={(from) => set({ from: from || defaults.today })}
            />
          </div>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`To`}
              value={query.to}
              minValue={query.from}
              onChange={(to) => set({ to: to || defaults.lastNight })}
            />
          </div>
          <Select
            label={t`Group by`}
            selectedKey={by}
            onSelectionChange={(key) => set({ by: String(key) })}
            className="w-full sm:w-48"
          >
            {ON_THE_BOOKS_GROUPS.map((group) => (
              <SelectItem key={group} id={group}>
                {i18n._(GROUP_LABELS[group])}
              </SelectItem>
            ))}
          </Select>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`As at the close of`}
              description={t`Empty: as booked now`}
              value={query.asOf}
              maxValue={hotelToday()}
              onChange={(asOf) => set({ asOf })}
            />
          </div>
        </>
      }
    >
      <ReportBody
        result={report}
        notStored={
          <BooksNotStored date={query.asOf}>
            <Trans>
              Each day close stores the books as they stood that night, from the first close on: choose a day
              closed since, or leave “As at the close of” empty for the books as they stand now.
            </Trans>
          </BooksNotStored>
        }
      >
        {(data) => <OnTheBooks rows={data.rows} nights={data.nights} by={by} />}
      </ReportBody>
    </ReportFrame>
  );
}

function OnTheBooks({
  rows,
  nights,
  by,
}: {
  rows: OnTheBooksRow[];
  nights: OnTheBooksReport['nights'];
  by: OnTheBooksGroup;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const types = useAllRoomTypes().data;
  // Every night of the window on the axis and in the table, those with nothing booked too.
  const table: NightsByKey = nightsByKey(
    rows,
    (row) => keyLabel(i18n, language, by, row, types),
    t`Others`,
    nights,
  );
  if (rows.length === 0)
    return (
      <p className="text-slate-700">
        <Trans>Nothing on the books for these nights.</Trans>
      </p>
    );
  const groupName = i18n._(GROUP_LABELS[by]);
  const columns: AdminTableColumn<NightsByKey['nights'][number]>[] = [
    {
      id: 'night',
      header: <Trans>Night</Trans>,
      isRowHeader: true,
      cell: (n) => formatDayMonth(n.date, language),
    },
    ...table.keys.map((key, k): AdminTableColumn<NightsByKey['nights'][number]> => ({
      id: `key-${key.key}`,
      header: key.label,
      align: 'end',
      className: 'tabular-nums',
      cell: (n) => formatCount(n.rooms[k] ?? 0, language),
    })),
    {
      id: 'rooms',
      header: <Trans>Rooms</Trans>,
      align: 'end',
      className: 'font-semibold tabular-nums',
      cell: (n) => formatCount(n.totalRooms, language),
    },
    {
      id: 'pending',
      header: <Trans>Awaiting approval</Trans>,
      align: 'end',
      className: 'tabular-nums',
      cell: (n) => formatCount(n.pendingRooms, language),
    },
    {
      id: 'tentative',
      header: <Trans>Tentative groups</Trans>,
      align: 'end',
      className: 'tabular-nums',
      cell: (n) => formatCount(n.tentativeRooms, language),
    },
    {
      id: 'revenue',
      header: <Trans>Room revenue</Trans>,
      align: 'end',
      className: 'tabular-nums',
      cell: (n) => formatPrice(n.revenueBaisa, language),
    },
    {
      id: 'occupancy',
      header: <Trans>Occupancy</Trans>,
      align: 'end',
      className: 'tabular-nums',
      cell: (n) => (n.occupancy === null ? '—' : formatPercent(n.occupancy, language)),
    },
  ];
  const colors = table.keys.map((_, k) => CHART_COLORS[k % CHART_COLORS.length]!);
  // What is not sure yet, stacked on top, pale, each under its own name and only when there is
  // any: requests the hotel has not answered, and tentative group blocks' rooms not picked up.
  const unsure = [
    {
      id: 'pending',
      label: t`Requests awaiting approval`,
      color: PENDING_COLOR,
      values: table.nights.map((n) => n.pendingRooms),
    },
    {
      id: 'tentative',
      label: t`Tentative group blocks, not picked up`,
      color: TENTATIVE_COLOR,
      values: table.nights.map((n) => n.tentativeRooms),
    },
  ].filter((series) => series.values.some((v) => v > 0));
  return (
    <ReportFigure
      testId="on-the-books-chart"
      title={<Trans>Rooms on the books per night, by {groupName}</Trans>}
      description={
        <Trans>
          Bars: rooms booked each night (definite group blocks included); pale on top, requests awaiting
          approval and tentative group blocks. Line: occupancy of the rooms for sale.
        </Trans>
      }
      legend={[
        ...table.keys.map((key, k) => ({ label: key.label, color: colors[k]! })),
        ...unsure.map((series) => ({ label: series.label, color: series.color })),
        { label: t`Occupancy`, color: LINE_COLOR, line: true },
      ]}
      chart={
        <ColumnChart
          rtl={language === 'ar'}
          labels={table.nights.map((n) => formatDayMonth(n.date, language))}
          stacked
          bars={[
            ...table.keys.map((key, k) => ({
              id: key.key,
              label: key.label,
              color: colors[k]!,
              values: table.nights.map((n) => n.rooms[k] ?? 0),
            })),
            ...unsure,
          ]}
          line={{
            label: t`Occupancy`,
            color: LINE_COLOR,
            values: table.nights.map((n) => n.occupancy),
            format: (n) => formatPercent(n, language),
          }}
          formatValue={(n) => formatCount(n, language)}
        />
      }
      table={
        <AdminTable
          look="figures"
          region={{ label: t`Rooms on the books per night` }}
          caption={t`Rooms on the books per night, by ${groupName}`}
          className={`min-w-[36rem] text-sm ${REPORT_TABLE_CLASS}`}
          columns={columns}
          rows={table.nights}
          rowKey={(n) => n.date}
        />
      }
    />
  );
}
