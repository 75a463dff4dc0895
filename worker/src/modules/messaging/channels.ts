import type { NotifyChannel } from '../../platform/notify';
import { emailChannel } from './email-outbox';
import { deliverEmails } from './email-delivery';
import { pushChannel } from './push-outbox';
import { deliverPush } from './push-delivery';

/** The ways the hotel tells people of an event: e-mail and Web Push, each with its own outbox. */
export const notifyChannels: NotifyChannel[] = [
  { queue: emailChannel, deliver: deliverEmails },
  { queue: pushChannel, deliver: deliverPush },
];
