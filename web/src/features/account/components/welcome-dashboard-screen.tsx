import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /dashboard: the signed-in welcome page with its tiles (spec section 2). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Your account</Trans>}>
      <ul>
        <li>
          <Trans>Your full name and e-mail, and a button to log out.</Trans>
        </li>
        <li>
          <Trans>Tiles for room booking, special offers, events, the smart assistant and VIP cards.</Trans>
        </li>
        <li>
          <Trans>A note about your recent activity.</Trans>
        </li>
        <li>
          <Trans>
            Hotel staff also see tiles for the admin panel and for the assistant's questions and answers.
          </Trans>
        </li>
        <li>
          <Trans>If you are not signed in, the login page opens instead.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
