import type { NotifyChannel } from '../../platform/notify';
import { deliverWhatsApp } from './delivery';
import { whatsappChannel } from './outbox';

/** The WhatsApp channel of platform/notify.ts: queued in each change's batch, delivered after it. */
export const whatsappNotifyChannel: NotifyChannel = {
  queue: whatsappChannel,
  deliver: (env, db) => deliverWhatsApp(env, db),
};
