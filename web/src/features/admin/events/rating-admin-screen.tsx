import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /rating-admin and /hotel-rating-admin: moderation of hotel rating draw entries (admin spec section 2, DESIGN.md). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Hotel rating event management</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>Counters: total entries, approved, awaiting review and rejected.</Trans>
        </li>
        <li>
          <Trans>The list of entries with number, phone, status and date.</Trans>
        </li>
        <li>
          <Trans>An entry's Google review screenshots, to view full size and download.</Trans>
        </li>
        <li>
          <Trans>A notes box with Approve and Reject; the participant is notified of the decision.</Trans>
        </li>
        <li>
          <Trans>
            A reminder that Google's review policy forbids offering rewards for reviews, and a switch to turn
            this event off.
          </Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
