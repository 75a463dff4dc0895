import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Button, LinkButton } from '@/components/ui/button';
import { Separator } from '@/components/separator';
import { showToast } from '@/components/ui/toast-queue';
import { channelFlagAdvice, channelFlagSentence } from '@/entities/admin/bookings/channel-flags';
import { ChannelSource } from '@/entities/admin/bookings/channel-source';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { guestsCount } from '@/lib/counts';
import { formatCount, formatDate } from '@/lib/format';
import { usePlaceFlagged, type DeskBooking } from '../api/front-desk';
import { formatPhone } from '@shared/phone-countries';

/**
 * The desk's own list of the OTA bookings the hotel could not place as they came (the channel
 * manager's flag; the channel screen is the manager's): confirmed at the OTA, so each is placed
 * here, whatever its dates. Each says why ("No room for the Gold Room on 10 Jun to 12 Jun"), what
 * to do (move it, give it a better room, or call the OTA, whose name and reference are on it), and
 * "Mark as placed" once done, which holds its nights if it holds none yet. The bell's alert opens
 * the desk on one of them (`linkedId`), shown first and focused.
 */
export function DeskFlagged({
  stays,
  linkedId,
  linkedPlaced,
  online,
  onEdit,
}: {
  /** The open OTA bookings to place (those the search finds). */
  stays: DeskBooking[];
  linkedId: number | null;
  /** The alert's booking is placed already (no longer on the list). */
  linkedPlaced: boolean;
  online: boolean;
  onEdit: (b: DeskBooking) => void;
}) {
  const language = useLanguage();
  const linked = useRef<HTMLLIElement>(null);
  const linkedShown = linkedId !== null && stays.some((b) => b.id === linkedId);
  useEffect(() => {
    if (!linkedShown) return;
    linked.current?.scrollIntoView?.({ block: 'center' });
    linked.current?.focus();
  }, [linkedShown]);
  const placedNote = linkedPlaced ? (
    <p className="rounded-2xl border border-teal-700/30 bg-teal-50 p-4 text-teal-900" role="status">
      <Trans>This OTA booking is placed already: nothing left to do here.</Trans>
    </p>
  ) : null;
  if (stays.length === 0) return placedNote;
  const ordered = [...stays.filter((b) => b.id === linkedId), ...stays.filter((b) => b.id !== linkedId)];
  const count = formatCount(stays.length, language);
  return (
    <section
      aria-labelledby="desk-flagged-title"
      className="flex flex-col gap-3 rounded-2xl border border-red-700/30 bg-red-50 p-4"
      data-testid="desk-flagged"
    >
      <div className="flex flex-col gap-1">
        <h2 id="desk-flagged-title" className="text-lg font-bold text-red-950">
          <Trans>OTA bookings to place ({count})</Trans>
        </h2>
        <p className="text-sm text-slate-800">
          <Trans>
            Sold and confirmed by an OTA, but the hotel could not place them as they came. Place each one, or
            ask the OTA to change or cancel it.
          </Trans>
        </p>
      </div>
      {placedNote}
      <ul className="flex flex-col gap-2">
        {ordered.map((b) => (
          <FlaggedStay
            key={b.id}
            stay={b}
            online={online}
            onEdit={onEdit}
            linkedRef={b.id === linkedId ? linked : undefined}
          />
        ))}
      </ul>
    </section>
  );
}

function FlaggedStay({
  stay: b,
  online,
  onEdit,
  linkedRef,
}: {
  stay: DeskBooking;
  online: boolean;
  onEdit: (b: DeskBooking) => void;
  linkedRef?: React.Ref<HTMLLIElement>;
}) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const place = usePlaceFlagged();
  const flag = b.channelFlag ?? '';
  const dates = t`${formatDate(b.checkInDate, language)} to ${formatDate(b.checkOutDate, language)}`;
  const held = b.heldNights >= b.nights;
  return (
    <li
      ref={linkedRef}
      tabIndex={linkedRef ? -1 : undefined}
      className={`grid items-center gap-3 rounded-xl bg-white p-3 shadow-sm outline-none lg:grid-cols-[minmax(0,1fr)_auto] ${linkedRef ? 'ring-3 ring-gold-700' : 'ring-1 ring-red-700/20'}`}
      data-testid="desk-flagged-stay"
      data-booking-id={b.id}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-bold text-red-900" data-testid="desk-flagged-why">
          {i18n._(channelFlagSentence(flag, roomName(b.roomType), dates))}
        </p>
        <p
          className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-900"
          data-testid="desk-flagged-guest"
        >
          {/* Each dot ends the part before it: a wrapped line never starts with one. */}
          <span>
            <span className="font-semibold">{b.fullName}</span>
            <Separator />
          </span>
          <span>
            <bdi dir="ltr">{formatPhone(b.phoneNumber)}</bdi>
            <Separator />
          </span>
          <span>{guestsCount(b.numberOfGuests ?? 1, language)}</span>
          <ChannelSource booking={{ ...b, channelFlag: null }} />
        </p>
        <p className="text-sm text-slate-700">
          {i18n._(channelFlagAdvice(flag))}{' '}
          <span className="font-semibold" data-testid="desk-flagged-held">
            {held ? <Trans>Its nights are held now.</Trans> : <Trans>It holds no room yet.</Trans>}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <Button variant="secondary" onPress={() => onEdit(b)} data-testid="desk-flagged-edit">
          <Trans>Change the stay</Trans>
        </Button>
        <LinkButton variant="secondary" href="/admin/tape-chart">
          <Trans>Give it a room (upgrade)</Trans>
        </LinkButton>
        <Button
          isDisabled={!online}
          isPending={place.isPending}
          data-testid="desk-flagged-place"
          onPress={() =>
            place.mutate(b.id, {
              onSuccess: (result) => showToast({ variant: 'success', title: result.message }),
              onError: (error) =>
                showToast({
                  variant: 'error',
                  title: errorMessage(error, t`That did not work. Please try again.`),
                }),
            })
          }
        >
          <Trans>Mark as placed</Trans>
        </Button>
      </div>
    </li>
  );
}
