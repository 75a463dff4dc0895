import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /photography-admin: moderation of photography draw entries (admin spec sections 2 and 4). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Photography event management</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>Counters: total entries, approved, awaiting review and rejected.</Trans>
        </li>
        <li>
          <Trans>
            The list of entries with number, phone, status, date and photo count; quick Approve and Reject on
            entries awaiting review.
          </Trans>
        </li>
        <li>
          <Trans>
            An entry's details: phone, date and its photos, to view full size and download one by one or all.
          </Trans>
        </li>
        <li>
          <Trans>A notes box with Approve and Reject; the participant is notified of the decision.</Trans>
        </li>
        <li>
          <Trans>Entries already decided show "already approved" or "already rejected" with the notes.</Trans>
        </li>
        <li>
          <Trans>A switch to turn this event on or off.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
