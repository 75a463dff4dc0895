import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorCode, errorMessage } from '@/lib/api-client';
import { HotelPhoneLink } from './hotel-phone-link';
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
            <HotelPhoneLink className={buttonClass('secondary')}>
              <Trans>Call the hotel</Trans>{' '}
            </HotelPhoneLink>
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

const NO_STOCK_CODES = new Set(['no_rooms_available', 'no_beds_available', 'no_smoking_available']);

/** A booking the server refused for want of rooms, beds or the smoking choice (409 no_*_available). */
export function isNoStockError(error: unknown): boolean {
  const code = errorCode(error);
  return !!code && NO_STOCK_CODES.has(code);
}

/**
 * Such a refusal over the booking form: the server's reason and what the guest can do
 * (`children`: the server's alternatives, when it sent some).
 */
export function NoStockDialog({
  error,
  onClose,
  children,
}: {
  error: unknown;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <UnavailableDialog
      title={
        errorCode(error) === 'no_rooms_available' ? (
          <Trans>No room left for these dates</Trans>
        ) : (
          <Trans>Not available</Trans>
        )
      }
      onClose={onClose}
    >
      <p>{errorMessage(error, '')}</p>
      {children ? (
        <div className="mt-4 flex flex-col gap-4">{children}</div>
      ) : (
        <p className="mt-2">
          <Trans>Change your dates or choices and try again, or call the hotel.</Trans>
        </p>
      )}
    </UnavailableDialog>
  );
}
