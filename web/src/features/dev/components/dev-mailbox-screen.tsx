import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /dev/mailbox: the development inbox, read from GET /api/dev/mailbox?to= (DESIGN.md, local defaults). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Development mailbox</Trans>}>
      <ul>
        <li>
          <Trans>A field for an e-mail address, to see the messages the app sent to it.</Trans>
        </li>
        <li>
          <Trans>The messages, newest first: recipient, subject, text and the time it was sent.</Trans>
        </li>
        <li>
          <Trans>
            Verification codes can be read here, since no e-mail leaves this computer in development.
          </Trans>
        </li>
        <li>
          <Trans>
            This page exists in development only; in production, e-mail goes out through the mail provider.
          </Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
