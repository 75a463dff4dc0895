import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /admin/audit: the record of every staff action (DESIGN.md, not shown in the spec). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Audit log</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>Every staff action: who did it, what changed, the value before and after, and when.</Trans>
        </li>
        <li>
          <Trans>
            Booking decisions, room counters, event moderation, VIP card usage and staff account changes all
            appear here.
          </Trans>
        </li>
        <li>
          <Trans>Export the log as a CSV file.</Trans>
        </li>
        <li>
          <Trans>Only administrators can open this page.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
