import { Trans } from '@lingui/react/macro';
import { hotelToday } from '@shared/dates';
import { LinkButton } from '@/components/ui/button';
import type { ManagedBooking } from '../../api/managed-booking';

/**
 * The booking page's way to its extras (docs/decisions/098-stay-extras.md): while the stay is still
 * to come (open, not arrived, its arrival today or later), a card leading to
 * `/booking/<reference>/extras`, where the offers are loaded (nothing is read here).
 */
export function ExtrasLinkSection({ booking }: { booking: ManagedBooking }) {
  const open =
    booking.status === 'pending' || booking.status === 'approved' || booking.status === 'confirmed';
  const arrived = Boolean((booking.stay as ManagedBooking['stay'] | undefined)?.checkedInAt);
  if (!open || arrived || booking.checkInDate < hotelToday()) return null;
  return (
    <section
      aria-labelledby="booking-extras-heading"
      data-testid="booking-extras-link"
      className="flex flex-col gap-3 rounded-2xl border-2 border-gold-400 bg-sand-50 p-4 shadow-sm sm:p-6"
    >
      <h2 id="booking-extras-heading" className="text-xl font-bold text-slate-900">
        <Trans>Add to your stay</Trans>
      </h2>
      <p className="text-slate-800">
        <Trans>
          A better room, an early check-in or a late check-out, breakfast, a car from the airport…
        </Trans>
      </p>
      <LinkButton href={`/booking/${booking.reference}/extras`} className="self-start">
        <Trans>See the extras</Trans>
      </LinkButton>
    </section>
  );
}
