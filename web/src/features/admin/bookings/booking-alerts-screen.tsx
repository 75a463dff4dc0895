import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /admin/bookings: booking notifications and decisions (admin spec sections 2 and 4). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Booking notifications</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>New booking requests as they arrive, with a sound and a count of those not yet seen.</Trans>
        </li>
        <li>
          <Trans>
            For each booking: status, room type, guest name, phone, ID number, dates, bed type, smoking
            preference, payment method and the date it was made; free nights paid with points are marked.
          </Trans>
        </li>
        <li>
          <Trans>
            Approve, confirm, reject, complete or cancel, each after a confirmation; completing a stay adds
            the guest's points.
          </Trans>
        </li>
        <li>
          <Trans>A quick booking for a guest at the desk, while rooms are available.</Trans>
        </li>
        <li>
          <Trans>A second tab with the event notifications.</Trans>
        </li>
        <li>
          <Trans>Administrators can also delete a booking and export the bookings as a CSV file.</Trans>
        </li>
        <li>
          <Trans>
            Without a connection the last lists stay readable; decisions wait until you are back online.
          </Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
