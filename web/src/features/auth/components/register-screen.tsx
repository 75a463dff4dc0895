import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /register: spec section 2 (Register) and the registration rules of section 5. */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Create an account</Trans>}>
      <ul>
        <li>
          <Trans>Your full name (at least 2 characters) and your e-mail address.</Trans>
        </li>
        <li>
          <Trans>A password of at least 6 characters, with a button to show or hide it.</Trans>
        </li>
        <li>
          <Trans>A link to log in if you already have an account.</Trans>
        </li>
        <li>
          <Trans>A welcome message once your account is created.</Trans>
        </li>
        <li>
          <Trans>
            Then the page where you enter the six-digit code we e-mail you to confirm your address.
          </Trans>
        </li>
        <li>
          <Trans>With an account, your bookings earn points you can spend on a free night.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
