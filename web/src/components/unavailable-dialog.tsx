import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { HOTEL } from '../../../shared/src/constants';
import { Button, buttonClass } from './ui/button';
import { Modal } from './ui/dialog';

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
