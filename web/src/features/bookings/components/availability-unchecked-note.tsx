import { Trans } from '@lingui/react/macro';

/**
 * Said when the counts for the stay cannot be known (offline, or the check failed): every option
 * of the room is shown, and the hotel checks the stay when the request arrives.
 */
export function AvailabilityUncheckedNote({ online }: { online: boolean }) {
  return (
    <p
      role="note"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="availability-unchecked"
    >
      {online ? (
        <Trans>
          Availability for these dates could not be checked, so every option of this room is shown. The hotel
          checks it when your request arrives and tells you if it is taken.
        </Trans>
      ) : (
        <Trans>
          You are offline, so every option of this room is shown. Availability for these dates is checked when
          your phone is back online; you will be told if it is taken.
        </Trans>
      )}
    </p>
  );
}
