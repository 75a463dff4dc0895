import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /location-admin and /location-sharing-admin: location sharing entries, read only (admin spec section 2). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Location sharing event management</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>
            The list of entries with number, phone, date, shares out of 5, and Completed or Pending.
          </Trans>
        </li>
        <li>
          <Trans>An entry's details: phone, date and share count, against the 5 shares required.</Trans>
        </li>
        <li>
          <Trans>A notes box for your own reference; these notes are not saved.</Trans>
        </li>
        <li>
          <Trans>These entries are read only: the draw takes place at the end of each month.</Trans>
        </li>
        <li>
          <Trans>A switch to turn this event on or off.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
