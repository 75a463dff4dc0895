import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { TAPE_CHART_NIGHTS } from '@shared/constants';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { BookingReference } from '@/components/booking-reference';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { LazyDatePicker } from '@/components/ui/lazy-date-picker';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDate } from '@/lib/format';
import { lazy } from '@/lib/lazy';
import { useOnline } from '@/lib/use-online';
import { type ChartStay, useTapeChart } from '../api/tape-chart';
import { nightsCount } from '../lib/labels';
import { ChartGrid } from './chart-grid';
import { MoveToRoomMenu } from './move-to-room-menu';

// A stay's folio, opened from its details: the desk's shared dialog, a chunk of its own.
const FolioDialog = lazy(() => import('@/entities/admin/folio/folio-dialog'));
// A stay's details and the room suggestions open on a tap: their code (a modal, a select, the
// suggestions' form) is not the chart's, so it loads then (decision 087).
const StayDetailsDialog = lazy(
  () => import('./stay-details-dialog'),
  (m) => m.StayDetailsDialog,
);
const SuggestionDialog = lazy(
  () => import('./suggestion-dialog'),
  (m) => m.SuggestionDialog,
);

/**
 * /admin/tape-chart (staff): the rooms × 14 nights from a chosen day on a
 * tablet; the approved or confirmed stays without a room above the grid, each with "Assign a
 * room"; "Suggest rooms for today and tomorrow" to review and save a set. Polled every 10 s.
 */
export function TapeChartScreen() {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const online = useOnline();
  const today = hotelToday();
  const [from, setFrom] = useState(today);
  const chart = useTapeChart(from, TAPE_CHART_NIGHTS);
  const [openStay, setOpenStay] = useState<ChartStay | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [folioOf, setFolioOf] = useState<ChartStay | null>(null);
  const data = chart.data;
  // The dialog follows the chart: after a move it shows the stay where it now is.
  const shown = openStay ? (data?.stays.find((s) => s.bookingId === openStay.bookingId) ?? openStay) : null;

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Tape chart</Trans>}
        subtitle={<Trans>Which room each stay sleeps in, night by night; refreshed every 10 seconds.</Trans>}
        actions={
          <Button onPress={() => setSuggesting(true)} isDisabled={!online} data-testid="suggest-rooms">
            <Trans>Suggest rooms for today and tomorrow</Trans>
          </Button>
        }
      />
      {!online && (
        <OfflineNote>
          <Trans>You are offline. This is the last chart loaded; changes need a connection.</Trans>
        </OfflineNote>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <LazyDatePicker
          label={t`First night`}
          value={from}
          onChange={(value) => value && setFrom(value)}
          className="w-60"
        />
        <Button variant="secondary" onPress={() => setFrom(addDays(from, -7))}>
          <Trans>Week before</Trans>
        </Button>
        <Button variant="secondary" onPress={() => setFrom(today)} isDisabled={from === today}>
          <Trans>Today</Trans>
        </Button>
        <Button variant="secondary" onPress={() => setFrom(addDays(from, 7))}>
          <Trans>Week after</Trans>
        </Button>
      </div>
      {chart.isError && !data && (
        <LoadError onRetry={() => void chart.refetch()}>
          <Trans>The tape chart could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      )}
      {chart.isPending && (
        <p role="status" className="text-slate-700">
          <Trans>Loading the tape chart…</Trans>
        </p>
      )}
      {data && (
        <>
          <section
            aria-labelledby="unassigned-heading"
            className="flex flex-col gap-2"
            data-testid="tape-unassigned"
          >
            <h2 id="unassigned-heading" className="text-lg font-bold text-teal-900">
              <Trans>Stays without a room</Trans> ({formatCount(data.unassigned.length, language)})
            </h2>
            {data.unassigned.length === 0 ? (
              <p className="rounded-xl bg-sand-100 p-3 text-slate-800">
                <Trans>Every approved or confirmed stay of these nights has a room.</Trans>
              </p>
            ) : (
              <ul className="grid gap-2 md:grid-cols-2 xl:grid-cols-3">
                {data.unassigned.map((stay) => (
                  <li
                    key={stay.bookingId}
                    className="flex items-center justify-between gap-3 rounded-xl border border-sand-200 bg-white p-3"
                    data-testid="tape-unassigned-stay"
                  >
                    <div className="flex min-w-0 flex-col">
                      <span
                        dir="auto"
                        className="truncate font-bold text-slate-900 ltr:text-left rtl:text-right"
                      >
                        {stay.guestName}
                      </span>
                      <span className="text-sm text-slate-700">
                        <BookingReference reference={stay.reference} /> · {roomName(stay.roomType)} ·{' '}
                        {statusLabel(i18n, stay.status)}
                      </span>
                      <span className="text-sm text-slate-700">
                        {formatDate(stay.checkInDate, language)} ·{' '}
                        {nightsCount(stayNights(stay.checkInDate, stay.checkOutDate).length, language)}
                      </span>
                    </div>
                    <div className="shrink-0">
                      <MoveToRoomMenu stay={stay} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Legend />
          <ChartGrid chart={data} onOpenStay={setOpenStay} />
        </>
      )}
      {shown && (
        <Suspense fallback={null}>
          <StayDetailsDialog
            stay={shown}
            room={data?.rooms.find((r) => r.id === shown.roomId)}
            onClose={() => setOpenStay(null)}
            onOpenFolio={() => {
              setFolioOf(shown);
              setOpenStay(null);
            }}
          />
        </Suspense>
      )}
      {folioOf ? (
        <Suspense fallback={null}>
          <FolioDialog
            stay={{ id: folioOf.bookingId, fullName: folioOf.guestName }}
            onClose={() => setFolioOf(null)}
          />
        </Suspense>
      ) : null}
      {suggesting && (
        <Suspense fallback={null}>
          <SuggestionDialog date={today} onClose={() => setSuggesting(false)} />
        </Suspense>
      )}
    </main>
  );
}

/** What the bars' colours and patterns mean, in words. */
function Legend() {
  const { t } = useLingui();
  const item = 'flex items-center gap-2';
  const swatch = 'inline-block h-4 w-8 rounded border-2';
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800" aria-label={t`Legend`}>
      <li className={item}>
        <span
          className={`${swatch} border-dashed border-sky-700`}
          style={{ backgroundImage: 'repeating-linear-gradient(135deg, #e0f2fe 0 6px, #bae6fd 6px 12px)' }}
        />
        <Trans>Approved</Trans>
      </li>
      <li className={item}>
        <span className={`${swatch} border-emerald-700 bg-emerald-100`} />
        <Trans>Confirmed</Trans>
      </li>
      <li className={item}>
        <span className={`${swatch} border-teal-900 bg-teal-700`} />
        <Trans>In house</Trans>
      </li>
      <li className={item}>
        <span className={`${swatch} border-slate-500 bg-slate-200`} />
        <Trans>Checked out</Trans>
      </li>
      <li className={item}>
        <span
          className={`${swatch} border-red-700`}
          style={{ backgroundImage: 'repeating-linear-gradient(135deg, #fee2e2 0 6px, #fecaca 6px 12px)' }}
        />
        <Trans>Out of order</Trans>
      </li>
    </ul>
  );
}
