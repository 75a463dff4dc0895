import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import type { BookingSegment } from '@shared/constants';
import type { CityLedgerAccount } from '@shared/day-close';
import { Separator } from '@/components/separator';
import { api, readJson } from '@/lib/api-client';

/**
 * What a booking carries of the trade, as staff set it on the desk's booking form and the edit
 * dialog: the company and the travel agent it is for (the city-ledger accounts of each kind),
 * how it came (phone, walk-in, e-mail; the guest's own channels and the OTAs set theirs) and its
 * market segment. Its line on the desk's cards is here, apart from the form's fields
 * (trade-fields.tsx), so that the cards' screens do not load the form's selects and schemas
 * (decision 087).
 */

export type Trade = {
  companyId: number | null;
  travelAgentId: number | null;
  source: string | null;
  segment: BookingSegment | null;
};

export const SOURCE_LABELS: Record<string, MessageDescriptor> = {
  website: msg`Website`,
  app: msg`App`,
  assistant: msg`Assistant`,
  phone: msg`Call`,
  walk_in: msg`Walk-in`,
  email: msg`E-mail`,
  group: msg`Group`,
};

export const SEGMENT_LABELS: Record<BookingSegment, MessageDescriptor> = {
  leisure: msg`Leisure`,
  corporate: msg`Corporate`,
  group: msg`Group`,
  government: msg`Government`,
  ota: msg`Online travel agency`,
  other: msg`Other`,
};

/** The company accounts (GET /api/admin/city-ledger, open to staff): companies and agents. */
export function useTradeAccounts() {
  return useQuery({
    queryKey: ['admin', 'city-ledger', 'list'] as const,
    queryFn: (): Promise<{ accounts: CityLedgerAccount[] }> =>
      readJson(() => api.admin['city-ledger'].$get()),
    staleTime: 30_000,
    meta: { persist: false },
  });
}

/**
 * A booking's company, agent, source and segment in one line on the desk's cards (nothing when
 * none is known). A group member's card names its group (a link to the block) instead of saying
 * "Group" for its source and again for its segment.
 */
export function TradeSummary({
  booking,
}: {
  booking: Partial<Trade> & {
    channelReference?: string | null;
    groupId?: number | null;
    groupName?: string | null;
  };
}) {
  const { t, i18n } = useLingui();
  const accounts = useTradeAccounts().data?.accounts ?? [];
  const name = (id: number | null | undefined) =>
    id == null ? null : (accounts.find((a) => a.id === id)?.name ?? null);
  const company = name(booking.companyId);
  const agent = name(booking.travelAgentId);
  const member = booking.groupId != null;
  // An OTA's name is said by the channel line; the hotel's own sources are said here; a group's
  // member says its group instead.
  const source =
    booking.source &&
    !booking.channelReference &&
    SOURCE_LABELS[booking.source] &&
    !(member && booking.source === 'group')
      ? i18n._(SOURCE_LABELS[booking.source]!)
      : null;
  const segment =
    booking.segment && !(member && booking.segment === 'group')
      ? i18n._(SEGMENT_LABELS[booking.segment])
      : null;
  const group = member ? (booking.groupName ?? t`a group block`) : null;
  const parts = [company, agent, source, segment].filter(
    (p, i, all): p is string => !!p && all.indexOf(p) === i,
  );
  if (parts.length === 0 && !group) return null;
  return (
    <span className="text-sm text-slate-700" data-testid="trade-summary">
      {group ? (
        <span data-testid="trade-group">
          <Trans>Group:</Trans>{' '}
          <Link
            href={`/admin/groups/${booking.groupId}`}
            className="font-semibold text-teal-800 underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
          >
            <bdi>{group}</bdi>
          </Link>
        </span>
      ) : null}
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 || group ? <Separator /> : null}
          <bdi>{part}</bdi>
        </span>
      ))}
    </span>
  );
}
