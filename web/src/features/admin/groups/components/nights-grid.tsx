import { Trans, useLingui } from '@lingui/react/macro';
import type { GroupMember, GroupNight } from '@shared/group-schemas';
import { Link } from 'react-aria-components';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDate } from '@/lib/format';
import { formatBookingReference } from '@shared/booking-reference';
import { BookingReference } from '@/components/booking-reference';

const FOCUS =
  'outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700';

/**
 * Each night of the block, a row; each room type, its held and picked-up rooms. A night picked up
 * in full is green, one with rooms still open amber (they return to sale at the release).
 */
export function NightsGrid({ nights }: { nights: readonly GroupNight[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  const roomName = useRoomName();
  const types = [...new Set(nights.map((n) => n.roomType))];
  const dates = [...new Set(nights.map((n) => n.date))].sort();
  const cell = (date: string, type: string) => nights.find((n) => n.date === date && n.roomType === type);
  if (nights.length === 0) {
    return (
      <p className="text-slate-700">
        <Trans>The block holds no rooms.</Trans>
      </p>
    );
  }
  return (
    <div
      role="region"
      aria-label={t`Rooms held and picked up, night by night`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
      className={`overflow-x-auto rounded-xl border border-sand-200 ${FOCUS}`}
    >
      <table className="w-full border-collapse text-start" data-testid="group-nights">
        <caption className="sr-only">
          <Trans>Rooms held and picked up, night by night</Trans>
        </caption>
        <thead className="bg-sand-50 text-slate-800">
          <tr>
            <th scope="col" rowSpan={2} className="px-3 py-2 text-start font-semibold">
              <Trans>Night</Trans>
            </th>
            {types.map((type) => (
              <th
                key={type}
                scope="colgroup"
                colSpan={2}
                className="border-s border-sand-200 px-3 py-2 text-center font-semibold"
              >
                {roomName(type)}
              </th>
            ))}
          </tr>
          <tr>
            {types.flatMap((type) => [
              <th
                key={`${type}-held`}
                scope="col"
                className="border-s border-sand-200 px-3 py-1 text-end text-sm font-semibold"
              >
                <Trans context="group block">Held</Trans>
              </th>,
              <th key={`${type}-picked`} scope="col" className="px-3 py-1 text-end text-sm font-semibold">
                <Trans>Picked up</Trans>
              </th>,
            ])}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {dates.map((date) => (
            <tr key={date} data-testid="group-night" data-night={date}>
              <th scope="row" className="px-3 py-2 text-start font-semibold whitespace-nowrap">
                {formatDate(date, language)}
              </th>
              {types.flatMap((type) => {
                const night = cell(date, type);
                const open = night ? night.held - night.pickedUp : 0;
                const tone = !night || night.held === 0 ? '' : open > 0 ? 'bg-amber-50' : 'bg-teal-50';
                return [
                  <td
                    key={`${type}-held`}
                    className={`border-s border-sand-200 px-3 py-2 text-end tabular-nums ${tone}`}
                    data-testid="night-held"
                    data-room-type={type}
                  >
                    {night ? formatCount(night.held, language) : '—'}
                  </td>,
                  <td
                    key={`${type}-picked`}
                    className={`px-3 py-2 text-end font-semibold tabular-nums ${tone}`}
                    data-testid="night-picked-up"
                    data-room-type={type}
                  >
                    {night ? formatCount(night.pickedUp, language) : '—'}
                  </td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const linkClass =
  'font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/** The guests booked in the block, each with their booking (opened on the bookings screen). */
export function MembersList({ members }: { members: readonly GroupMember[] }) {
  const language = useLanguage();
  const roomName = useRoomName();
  if (members.length === 0) {
    return (
      <p className="text-slate-700" data-testid="group-members-empty">
        <Trans>No guests booked in the block yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-sand-200" data-testid="group-members">
      {members.map((m) => (
        <li
          key={m.bookingId}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2"
          data-testid="group-member"
        >
          <span className="min-w-40 font-semibold text-slate-900">
            <bdi>{m.fullName}</bdi>
          </span>
          <span className="text-slate-700">{roomName(m.roomType)}</span>
          <span className="text-sm whitespace-nowrap text-slate-700">
            {formatDate(m.checkInDate, language)} – {formatDate(m.checkOutDate, language)}
          </span>
          <Link
            href={`/admin/bookings?${new URLSearchParams({ q: formatBookingReference(m.reference), tab: m.status === 'cancelled' ? 'cancelled' : 'current' }).toString()}`}
            className={linkClass}
          >
            <BookingReference reference={m.reference} className="font-normal" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
