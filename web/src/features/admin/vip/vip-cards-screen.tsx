import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /admin/vip: VIP card beneficiaries and their benefit usage (admin spec sections 2, 4 and 9). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>VIP card management</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>
            Add a beneficiary: full name, phone number, civil ID, card (Silver, Gold or Elite) and a start
            date from today onwards.
          </Trans>
        </li>
        <li>
          <Trans>Each card is valid for one year from its start date.</Trans>
        </li>
        <li>
          <Trans>
            The list of beneficiaries, each opening to show the card's benefits and what has been used.
          </Trans>
        </li>
        <li>
          <Trans>
            Record a free coffee (at most one every 24 hours) and free nights, up to the card's allowance.
          </Trans>
        </li>
        <li>
          <Trans>Beneficiaries are kept on the hotel's server, so every device sees the same usage.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
