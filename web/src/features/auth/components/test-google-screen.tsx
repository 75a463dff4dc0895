import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /test-google: spec section 2 (Google test) and DESIGN.md's Google sign-in. */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Google sign-in test</Trans>}>
      <ul>
        <li>
          <Trans>One button that opens Google sign-in.</Trans>
        </li>
        <li>
          <Trans>
            A note that the site's domain must be registered with the sign-in provider for this to work.
          </Trans>
        </li>
        <li>
          <Trans>Once Google confirms who you are, you come back to the hotel app signed in.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
