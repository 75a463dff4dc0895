import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /login: spec section 2 (Login) and the login rows of the error catalogue. */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Log in</Trans>}>
      <ul>
        <li>
          <Trans>
            The hotel logo, then your e-mail and password, with a button to show or hide the password.
          </Trans>
        </li>
        <li>
          <Trans>Clear messages when the e-mail is missing or not valid, or the password is empty.</Trans>
        </li>
        <li>
          <Trans>A link to create an account if you do not have one yet.</Trans>
        </li>
        <li>
          <Trans>The button waits while your details are checked, so nothing is sent twice.</Trans>
        </li>
        <li>
          <Trans>
            If your e-mail is not confirmed yet, you go to the confirmation page with your address already
            filled in.
          </Trans>
        </li>
        <li>
          <Trans>After signing in you return to the hotel page; hotel staff first see a short welcome.</Trans>
        </li>
        <li>
          <Trans>The hotel's location in Al Maabila and its phone number at the bottom of the page.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
