import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /admin/inventory: room, bed and smoking counters (admin spec sections 2 and 9). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Room management</Trans>} backHref="/admin">
      <ul>
        <li>
          <Trans>For Silver, Gold, Diamond and Deluxe: the number of rooms offered for booking.</Trans>
        </li>
        <li>
          <Trans>For each room type: single and double beds, and smoking and non-smoking rooms.</Trans>
        </li>
        <li>
          <Trans>Every counter stays between 0 and its maximum.</Trans>
        </li>
        <li>
          <Trans>Guests see the new availability at once, and two guests can never book the last room.</Trans>
        </li>
        <li>
          <Trans>
            A quick booking form while rooms are available; when none are left, a notice to try later or call
            the hotel.
          </Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
