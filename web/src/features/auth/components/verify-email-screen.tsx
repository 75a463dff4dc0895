import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /verify-email?email=: spec section 2 (Verify e-mail) and DESIGN.md's code rules. */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Confirm your e-mail</Trans>}>
      <ul>
        <li>
          <Trans>The e-mail address we sent the code to, or a field to type it if it is missing.</Trans>
        </li>
        <li>
          <Trans>A field for the six-digit code; it accepts digits only.</Trans>
        </li>
        <li>
          <Trans>A Confirm button and a button to send a new code.</Trans>
        </li>
        <li>
          <Trans>A reminder to look in your inbox and in your spam folder.</Trans>
        </li>
        <li>
          <Trans>A code works once and for 10 minutes; after 5 wrong tries, ask for a new one.</Trans>
        </li>
        <li>
          <Trans>Once your e-mail is confirmed, you go to the hotel page.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
