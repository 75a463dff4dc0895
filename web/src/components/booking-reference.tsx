import { formatBookingReference } from '@shared/booking-reference';

/**
 * A booking's reference as shown everywhere: "K7M-Q4PX", left to right and
 * isolated inside Arabic text, Latin digits, easy to read out on the phone.
 */
export function BookingReference({ reference, className = '' }: { reference: string; className?: string }) {
  return (
    <bdi
      dir="ltr"
      translate="no"
      data-testid="booking-reference"
      className={`font-mono font-bold tracking-wider whitespace-nowrap ${className}`}
    >
      {formatBookingReference(reference)}
    </bdi>
  );
}
