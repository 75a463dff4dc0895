import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { HOTEL, type RoomType } from '../../../../../shared/src/constants';
import { Button, buttonClass } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { roomName } from '../../rooms/lib/room-names';

/**
 * "Sorry, no rooms" dialogs (spec sections 2, 4 and 8): nothing left of a
 * type, of any type, or for the chosen stay. Always offers the hotel's phone.
 */
export function UnavailableDialog({
  title,
  children,
  onClose,
}: {
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={title} size="sm">
      {({ close }) => (
        <div className="flex flex-col gap-4" data-testid="unavailable-dialog">
          <div className="text-slate-800">{children}</div>
          <div className="flex flex-wrap gap-2">
            <a href={`tel:${HOTEL.phone}`} className={buttonClass('secondary')}>
              <Trans>Call the hotel</Trans>
              <bdi dir="ltr">{HOTEL.phone}</bdi>
            </a>
            <Button onPress={close}>
              <Trans>OK</Trans>
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** Spec: 'Sorry, No Rooms Currently Available for Booking', advising to retry later or call. */
export function NoRoomsDialog({ onClose }: { onClose: () => void }) {
  return (
    <UnavailableDialog
      title={<Trans>Sorry, No Rooms Currently Available for Booking</Trans>}
      onClose={onClose}
    >
      <p>
        <Trans>Please try again later, or call the hotel and we will help you find a room.</Trans>
      </p>
    </UnavailableDialog>
  );
}

/**
 * Before a form opens (spec section 4): the sold-out dialog for a type with
 * no room left tonight, or the no-rooms dialog when no type has one. The
 * default export, so the booking flow loads it (and the modal code) lazily.
 */
export default function StartUnavailableDialog({
  roomType,
  onClose,
}: {
  roomType?: RoomType;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  if (!roomType) return <NoRoomsDialog onClose={onClose} />;
  return (
    <UnavailableDialog
      title={<Trans>Sorry, the {roomName(i18n, roomType)} is sold out</Trans>}
      onClose={onClose}
    >
      <p>
        <Trans>
          No room of this type is left tonight. Choose another room type, try again later, or call the hotel.
        </Trans>
      </p>
    </UnavailableDialog>
  );
}
