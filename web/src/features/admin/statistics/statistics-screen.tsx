import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /admin/statistics: the password gate and the statistics dashboard (admin spec sections 2 and 8). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Hotel statistics</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>
            First, the statistics password, with a button to show or hide it; the server checks it.
          </Trans>
        </li>
        <li>
          <Trans>Today's bookings and registered users.</Trans>
        </li>
        <li>
          <Trans>Revenue for the day, the month and the year, in Omani rials.</Trans>
        </li>
        <li>
          <Trans>The latest 5 active bookings and the latest 5 cancelled ones.</Trans>
        </li>
        <li>
          <Trans>Visits to the nearby restaurants and spa, per day and per month.</Trans>
        </li>
        <li>
          <Trans>
            Bookings by status, the 4 most booked room types, the totals and when the figures were updated.
          </Trans>
        </li>
        <li>
          <Trans>If the figures cannot load, a clear message with Retry and Back buttons.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
