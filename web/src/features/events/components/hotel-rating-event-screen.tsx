import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /hotel-rating-event: the hotel rating draw page (spec sections 2, 5 and 9). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>Hotel rating draw</Trans>}>
      <ul>
        <li>
          <Trans>The prize: a free overnight stay, drawn at the end of each month.</Trans>
        </li>
        <li>
          <Trans>
            Three steps: rate the hotel on Google (it opens in a new tab), take a screenshot, and send it
            here.
          </Trans>
        </li>
        <li>
          <Trans>
            Your review needs at least 3 different comments, for example on food, rooms and service.
          </Trans>
        </li>
        <li>
          <Trans>
            A form for your phone number and at least 3 screenshots (images up to 5 MB each), showing how many
            more you need.
          </Trans>
        </li>
        <li>
          <Trans>One entry per phone number per month.</Trans>
        </li>
        <li>
          <Trans>
            The terms: 18 or older, one entry per person, a genuine review, winners called by phone, prizes
            claimed within 30 days, management may verify and disqualify, and your review may be used for
            promotion.
          </Trans>
        </li>
        <li>
          <Trans>
            Your entry is kept on your phone and sent as soon as you are online, so nothing is lost.
          </Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
