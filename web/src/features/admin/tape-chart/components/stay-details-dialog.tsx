import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BookingReference } from '@/components/booking-reference';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import type { ChartRoom, ChartStay } from '../api/tape-chart';
import { nightsCount } from '../lib/labels';
import { MoveToRoomMenu } from './move-to-room-menu';
import { StayLengthActions } from './stay-length';
import { stayNights } from '@shared/dates';

/** A stay's details, opened by tapping its bar: who, when, which room, checked in or not; and moving it. */
export function StayDetailsDialog({
  stay,
  room,
  onClose,
  onOpenFolio,
}: {
  stay: ChartStay;
  room: ChartRoom | undefined;
  onClose: () => void;
  /** Opens the stay's folio (this dialog closes). */
  onOpenFolio: () => void;
}) {
  const { i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const checkIn = stay.checkedOut ? (
    <Trans>Checked out</Trans>
  ) : stay.checkedIn ? (
    <Trans>Checked in</Trans>
  ) : (
    <Trans>Not checked in yet</Trans>
  );
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={stay.guestName} size="sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-900" data-testid="stay-details">
        <Row label={<Trans>Reference</Trans>}>
          <BookingReference reference={stay.reference} />
        </Row>
        <Row label={<Trans>Dates</Trans>}>
          {formatDate(stay.checkInDate, language)} – {formatDate(stay.checkOutDate, language)} (
          {nightsCount(stayNights(stay.checkInDate, stay.checkOutDate).length, language)})
        </Row>
        <Row label={<Trans>Status</Trans>}>{statusLabel(i18n, stay.status)}</Row>
        <Row label={<Trans>Room</Trans>}>
          {room ? (
            <>
              <span className="font-bold">{formatRoomNumber(room.number, language)}</span> ·{' '}
              {roomName(room.roomType)}
            </>
          ) : null}
        </Row>
        <Row label={<Trans>Booked type</Trans>}>{roomName(stay.roomType)}</Row>
        <Row label={<Trans>Check-in</Trans>}>{checkIn}</Row>
      </dl>
      <div className="flex flex-wrap gap-2">
        {!stay.checkedOut && (
          <>
            <MoveToRoomMenu stay={stay} currentRoomId={stay.roomId} onMoved={onClose} />
            <StayLengthActions stay={stay} onChanged={onClose} />
          </>
        )}
        <Button variant="secondary" onPress={onOpenFolio} data-testid="stay-folio">
          <Trans>Folio</Trans>
        </Button>
      </div>
    </Modal>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
