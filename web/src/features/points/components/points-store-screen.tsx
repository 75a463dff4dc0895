import { Trans } from '@lingui/react/macro';
import { FREE_NIGHT_COST, POINTS_EARNED } from '../../../../../shared/src/constants';
import { PlannedScreen } from '../../../components/planned-screen';

/** /points-store: spend points on a free night (spec sections 2 and 9). */
export function Component() {
  const { silver, gold, diamond, deluxe } = FREE_NIGHT_COST;
  const {
    silver: silverEarned,
    gold: goldEarned,
    diamond: diamondEarned,
    deluxe: deluxeEarned,
  } = POINTS_EARNED;
  return (
    <PlannedScreen title={<Trans>Points store</Trans>}>
      <ul>
        <li>
          <Trans>Your points balance.</Trans>
        </li>
        <li>
          <Trans>
            One card per room for a free night: Silver {silver} points, Gold {gold}, Diamond {diamond}, Deluxe{' '}
            {deluxe}.
          </Trans>
        </li>
        <li>
          <Trans>
            A card can be bought only when your balance covers it, and shows what you would have left.
          </Trans>
        </li>
        <li>
          <Trans>
            How it works: choose a room, buy it with points and fill in the booking form, then enjoy your
            stay. It shows in your bookings as a free night.
          </Trans>
        </li>
        <li>
          <Trans>
            Each completed stay earns points: Silver {silverEarned}, Gold {goldEarned}, Diamond{' '}
            {diamondEarned}, Deluxe {deluxeEarned}.
          </Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
