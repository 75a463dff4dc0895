import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /points-booking: the free-night booking form after a points purchase (spec sections 2 and 5). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Book your free night</Trans>} backHref="/points-store">
      <ul>
        <li>
          <Trans>If you have not chosen a room in the points store yet, the points store opens first.</Trans>
        </li>
        <li>
          <Trans>Your full name, phone number, ID number, check-in and check-out dates, all required.</Trans>
        </li>
        <li>
          <Trans>Check-in from today onwards, and check-out after check-in.</Trans>
        </li>
        <li>
          <Trans>
            Bed type: double (two separate beds, chosen by default) or single (one large bed); and non-smoking
            (by default) or smoking.
          </Trans>
        </li>
        <li>
          <Trans>The booking type, "Free night", which cannot be changed.</Trans>
        </li>
        <li>
          <Trans>
            What is included: the full stay free, all room facilities, free room service and free Wi-Fi.
          </Trans>
        </li>
        <li>
          <Trans>
            Your points are deducted and the booking is approved in the same step; then you return to the
            hotel page.
          </Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
