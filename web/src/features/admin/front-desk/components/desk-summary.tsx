import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import type { DeskBooking } from '../api/front-desk';
import { deskCounts, type DeskTab } from '../lib/desk-lists';

/** One figure of the summary: its name, then its number (no sentence to agree with it). */
function Figure({ label, value, testId }: { label: ReactNode; value: number; testId: string }) {
  const language = useLanguage();
  return (
    <span className="inline-flex items-baseline gap-1.5">
      <span className="text-slate-700">{label}</span>
      <span className="font-bold text-slate-900" data-testid={testId}>
        {formatCount(value, language)}
      </span>
    </span>
  );
}

/**
 * What a tab's count means, said on the screen: its figures (due, still to come, done) and one
 * sentence of what the list holds. Today's lists are what happened; another day's are as booked.
 */
export function DeskSummary({
  tab,
  tabs,
  isToday,
}: {
  tab: DeskTab;
  tabs: Record<DeskTab, DeskBooking[]>;
  isToday: boolean;
}) {
  const counts = deskCounts(tabs);
  const figures =
    tab === 'arrivals' ? (
      <>
        <Figure label={<Trans>Due</Trans>} value={counts.arrivals.total} testId="desk-due-arrivals" />
        <Figure
          label={<Trans>Still to arrive</Trans>}
          value={counts.arrivals.toCome}
          testId="desk-to-arrive"
        />
        <Figure label={<Trans>Arrived</Trans>} value={counts.arrivals.arrived} testId="desk-arrived" />
      </>
    ) : tab === 'departures' ? (
      <>
        <Figure label={<Trans>Due out</Trans>} value={counts.departures.total} testId="desk-due-departures" />
        <Figure
          label={<Trans>Still to leave</Trans>}
          value={counts.departures.toLeave}
          testId="desk-to-leave"
        />
        <Figure label={<Trans>Checked out</Trans>} value={counts.departures.left} testId="desk-left" />
      </>
    ) : tab === 'inHouse' ? (
      <Figure
        label={isToday ? <Trans>Checked in, not checked out</Trans> : <Trans>Staying that night</Trans>}
        value={counts.inHouse.total}
        testId="desk-in-house"
      />
    ) : (
      <Figure
        label={<Trans>Without a room</Trans>}
        value={counts.unassigned.total}
        testId="desk-unassigned"
      />
    );
  const meaning =
    tab === 'arrivals' ? (
      isToday ? (
        <Trans>
          Every stay due to arrive today, and those due earlier still expected (late): a guest checked in
          stays on the list, marked arrived.
        </Trans>
      ) : (
        <Trans>
          Every stay due to arrive this day: a guest checked in stays on the list, marked arrived.
        </Trans>
      )
    ) : tab === 'departures' ? (
      isToday ? (
        <Trans>Guests due to leave today or past their departure day, and those who checked out today.</Trans>
      ) : (
        <Trans>Stays due to leave this day, and those who checked out that day.</Trans>
      )
    ) : tab === 'inHouse' ? (
      isToday ? (
        <Trans>Guests checked in and not checked out yet. Arrivals still to come are not counted.</Trans>
      ) : (
        <Trans>Stays booked for that night.</Trans>
      )
    ) : (
      <Trans>Arrivals and stays without a room yet: give them one on the tape chart, or at check-in.</Trans>
    );
  return (
    <div className="flex flex-col gap-1" data-testid={`desk-summary-${tab}`}>
      <p className="flex flex-wrap gap-x-5 gap-y-1">{figures}</p>
      <p className="text-sm text-slate-700">{meaning}</p>
    </div>
  );
}
