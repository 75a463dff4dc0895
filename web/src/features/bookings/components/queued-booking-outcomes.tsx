import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BookingRequest } from '@shared/booking-schemas';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { HotelPhoneLink } from '@/components/hotel-phone-link';
import { Button, buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { roomKeys } from '@/entities/rooms/room-keys';
import { useRoomName } from '@/entities/rooms/room-names';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { formatEmail } from '@/lib/format-email';
import { formatReference } from '@/lib/format-reference';
import {
  markNotified,
  type OutboxEntryView,
  removeEntry,
  sendQueuedSoon,
  useOutboxEntries,
} from '@/offline/outbox';
import { alternativesOf, BookingAlternatives, type BookingChange } from './booking-alternatives';

const STOCK_CODES = new Set(['no_rooms_available', 'no_beds_available', 'no_smoking_available']);
const isStock = (entry: OutboxEntryView) => !!entry.lastError && STOCK_CODES.has(entry.lastError.code);
import { type BookingDraft, emptyDraft } from '../lib/booking-draft';
import { sentBookingNote } from '../lib/sent-booking-note';

/** A refused request's alternative as a form draft: what the guest had typed, with the change. */
function draftOf(request: BookingRequest, change: BookingChange): BookingDraft {
  return {
    ...emptyDraft,
    fullName: request.fullName,
    phoneNumber: request.phoneNumber,
    idNumber: request.idNumber,
    email: request.email ?? '',
    checkInDate: change.checkInDate ?? request.checkInDate,
    checkOutDate: change.checkOutDate ?? request.checkOutDate,
    // A request queued before adults and children were asked: its guests as adults.
    adults: request.adults ?? request.numberOfGuests,
    children: request.children ?? 0,
    bedType: request.bedType,
    smokingPreference: request.smokingPreference,
  };
}

/**
 * Tells the guest what became of the booking requests the outbox sent for them
 * (decision 007, booking addendum), once each: sent → a toast, and My bookings
 * refreshes; refused for want of rooms → a dialog with the server's alternatives,
 * each opening the booking form with the request's details; refused as invalid → a
 * toast, and the request is removed; anything else → a toast (the outbox list keeps
 * it); held for its account (its session had ended when it was delivered) → a toast saying
 * whom to sign in as. Also asks the outbox to try again when someone signs in (a request
 * waits for its account). Lazy: it reads Dexie.
 */
export default function QueuedBookingOutcomes({
  onBookAgain,
}: {
  /** Opens the booking form for `roomType` with `draft` filled in. */
  onBookAgain: (draft: BookingDraft, roomType: RoomTypeCode) => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const entries = useOutboxEntries('booking');
  const userId = useCurrentUser().data?.id ?? null;
  // Closed or acted on here; Dexie's `notifiedAt` (written at once) makes it last.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const told = useRef(new Set<string>());
  // A refusal for want of rooms opens the dialog (one at a time, oldest first).
  const refused = entries
    .filter((e) => e.state === 'refused' && e.notifiedAt === null && !dismissed.has(e.id) && isStock(e))
    .at(-1);

  useEffect(() => {
    sendQueuedSoon({ force: true });
  }, [userId]);

  useEffect(() => {
    for (const entry of entries) {
      if (entry.notifiedAt !== null || told.current.has(entry.id) || !entry.booking) continue;
      if (entry.state !== 'sent' && entry.state !== 'refused' && !entry.held) continue;
      const request = entry.booking;
      const what = t`${roomName(request.roomType)}, ${formatDate(request.checkInDate, language)} – ${formatDate(request.checkOutDate, language)}`;
      if (entry.held) {
        // Delivered while its account's session had ended (or another account signs in on this
        // device): nothing reached the hotel. Said once; it goes as soon as that account signs in
        // (the outbox list keeps it, with Remove), and its delivery is told then.
        told.current.add(entry.id);
        const email = entry.owner ? formatEmail(entry.owner.email) : null;
        showToast(
          {
            variant: 'error',
            title: t`Your booking request for ${what} is waiting for you to sign in`,
            description: email
              ? t`It is sent only from the account that made it: sign in as ${email} and it is sent at once.`
              : t`It is sent only from the account that made it: sign in with it and it is sent at once.`,
          },
          10_000,
        );
        void markNotified(entry.id);
        continue;
      }
      if (entry.state === 'sent') {
        told.current.add(entry.id);
        const note = sentBookingNote(entry.serverResult, entry.owner);
        const reference = note.kind === 'plain' ? '' : formatReference(note.reference);
        showToast({
          variant: 'success',
          title: t`Your booking request for ${what} was sent`,
          // A guest without an account has no My bookings: the reference is what they keep.
          description:
            note.kind === 'reference_and_my_bookings'
              ? t`Booking reference: ${reference}. You will find it in My bookings. We will confirm it soon.`
              : note.kind === 'reference_to_keep'
                ? t`Your booking reference is ${reference}. Keep it: give it when you call or come to the hotel. We will confirm it soon.`
                : t`We will confirm it soon.`,
        });
        void markNotified(entry.id);
        void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
        void queryClient.invalidateQueries({ queryKey: roomKeys.inventories() });
        continue;
      }
      if (isStock(entry)) continue; // the dialog below
      const error = entry.lastError;
      told.current.add(entry.id);
      showToast({
        variant: 'error',
        title: t`Your booking request for ${what} was not accepted`,
        description: error?.message || t`Please check it and book again.`,
      });
      // A request the server finds invalid will never pass: it goes (its message was shown).
      if (error?.status === 400) void removeEntry(entry.id);
      else void markNotified(entry.id);
    }
  }, [entries, t, roomName, language, queryClient]);

  if (!refused?.booking) return null;
  const request = refused.booking;
  const close = () => {
    setDismissed((ids) => new Set(ids).add(refused.id));
    void markNotified(refused.id);
  };
  const bookAgain = (change: BookingChange) => {
    // The guest acts on it: the refused request is done with.
    setDismissed((ids) => new Set(ids).add(refused.id));
    void removeEntry(refused.id);
    onBookAgain(draftOf(request, change), change.roomType ?? request.roomType);
  };
  const room = roomName(request.roomType);
  const from = formatDate(request.checkInDate, language);
  const to = formatDate(request.checkOutDate, language);

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && close()}
      title={<Trans>Your booking request could not be made</Trans>}
      size="sm"
    >
      <div className="flex flex-col gap-4" data-testid="queued-booking-refused">
        <p className="text-slate-800">
          <Trans>
            The request saved on your phone for the {room}, {from} – {to}, could not be booked when it reached
            the hotel.
          </Trans>{' '}
          <span className="font-semibold">{refused.lastError?.message}</span>
        </p>
        <BookingAlternatives
          alternatives={alternativesOf(refused.serverResult)}
          roomType={request.roomType}
          onPick={bookAgain}
        />
        <div className="flex flex-wrap gap-2">
          <HotelPhoneLink className={buttonClass('secondary')}>
            <Trans>Call the hotel</Trans>{' '}
          </HotelPhoneLink>
          <Button onPress={close} data-testid="queued-booking-refused-close">
            <Trans>Close</Trans>
          </Button>
        </div>
      </div>
    </Modal>
  );
}
