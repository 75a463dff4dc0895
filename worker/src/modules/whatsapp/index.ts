/**
 * whatsapp: guest messaging on WhatsApp through Meta's Cloud API (docs/decisions/089-whatsapp-cloud-api.md).
 *
 * Owns: the adapter (cloud-api.ts) and its fake (fake/, development only), the webhook (every
 * item read on its own, webhook-reading.ts), the provider's record of each message of every kind
 * and its statuses, the guests' media (fetched once into R2, media.ts), their addresses (a phone
 * or a business-scoped user id, address.ts), the phones' consents, the hotel's templates,
 * the automatic sends' outbox; their tables (tables.ts, fake-whatsapp-tables.ts).
 * Offers: the routes the entry mounts; `sendToPhone` (a reply or a template, Meta's rules held),
 * the staff replies' sender for the conversations' port (`whatsappReplySender`),
 * the threads' port the inbox plugs into (`installWhatsAppThreads`), its notify channel
 * (`whatsappNotifyChannel`), the dispatch the fake uses (`installWhatsAppDispatch`), its part of
 * a guest's data (`whatsappGuestData`), the phone messages' WhatsApp channel (`whatsappPhoneSender`).
 * Imports: accounts, bookings, extras (whether the hotel has extras to offer), folio, payments, rates.
 * Never: sends without the phone's consent (but a reply inside the window to a guest who wrote);
 * free text outside the window; hands out its tables.
 */
export { whatsappWebhookRoutes } from './routes/webhook';
export { whatsappAdmin } from './routes/admin';
export { whatsappOptInRoutes } from './routes/opt-in';
export { fakeWhatsappApi } from './fake/api';
export { fakeWhatsappControls, FAKE_WHATSAPP } from './fake/controls';
export { installWhatsAppDispatch, whatsappNumberOf } from './config';
export {
  installWhatsAppThreads,
  type WhatsAppThreadsPort,
  type ThreadMessage,
  type ThreadStatus,
} from './threads-port';
export { sendToPhone, type SendResult } from './sending';
export { whatsappReplySender } from './reply-sender';
export { whatsappNotifyChannel } from './channel';
export { deliverWhatsApp } from './delivery';
export { signatureOf } from './signature';
export { whatsappGuestData } from './guest-data';
export { whatsappPhoneSender } from './phone-sender';
