import type { NotifyChannel } from '../../platform/notify';
import { deliverEmails, emailChannel } from './email-outbox';
import { deliverPush, pushChannel } from './push-outbox';

/** The ways the hotel tells people of an event: e-mail and Web Push, each with its own outbox. */
export const notifyChannels: NotifyChannel[] = [
  { queue: emailChannel, deliver: deliverEmails },
  { queue: pushChannel, deliver: deliverPush },
];
