import { Trans } from '@lingui/react/macro';
import { PlannedScreen } from '../../../components/planned-screen';

/** /chat-qa-admin: the questions and answers the assistant uses first (admin spec sections 2 and 5). */
export function Component() {
  return (
    <PlannedScreen title={<Trans>AI chat management</Trans>} backHref="/dashboard">
      <ul>
        <li>
          <Trans>Your name, labelled as system admin.</Trans>
        </li>
        <li>
          <Trans>A search across questions, answers and keywords.</Trans>
        </li>
        <li>
          <Trans>Counters: total, active and inactive.</Trans>
        </li>
        <li>
          <Trans>A card for each question and answer, with an on/off switch, Edit and Delete.</Trans>
        </li>
        <li>
          <Trans>
            A form to add or edit: question and answer (both required), and keywords separated by commas,
            taken from the question when left empty.
          </Trans>
        </li>
        <li>
          <Trans>The assistant answers guests from the active ones first.</Trans>
        </li>
      </ul>
    </PlannedScreen>
  );
}
