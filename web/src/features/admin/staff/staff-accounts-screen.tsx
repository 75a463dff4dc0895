import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /admin/staff: staff accounts, managed by administrators (DESIGN.md, roles). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Staff accounts</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>The hotel's staff accounts, with their name, e-mail and whether they are active.</Trans>
        </li>
        <li>
          <Trans>Create an account for a new member of staff.</Trans>
        </li>
        <li>
          <Trans>Disable an account; this signs that person out everywhere at once.</Trans>
        </li>
        <li>
          <Trans>Only administrators can open this page.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
