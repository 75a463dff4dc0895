import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /admin-welcome: the splash the administrator sees after signing in (spec section 2). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Welcome</Trans>}>
      <ul>
        <li>
          <Trans>Shown to the hotel's administrator right after signing in.</Trans>
        </li>
        <li>
          <Trans>The hotel logo and name, appearing in three gentle stages.</Trans>
        </li>
        <li>
          <Trans>After four and a half seconds, the hotel page opens by itself.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
