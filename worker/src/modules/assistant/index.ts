/**
 * assistant: the chat assistant (docs/decisions/048-worker-modules.md).
 *
 * Owns: parsing a guest's message, the hotel's facts told to the model, the model, booking by
 * chat, the custom Q&A; its tables (tables.ts: messages, booking drafts, custom Q&A).
 * Offers: the routes the entry mounts; `isolateLtr` (an LTR run inside Arabic text, for push
 * messages); the daily clean-up's part (`purgeConversationsBefore`); its part of a guest's data
 * (`assistantGuestData`: their conversations); what it answered in a device's conversation
 * (`assistantAnswersQuery`: the front desk's chat checks a handover against it).
 * Never: hands out its tables; writes a booking but through modules/bookings; puts anything about
 * other guests or staff in what the model is told.
 * Imports: bookings, catalog, inventory, rates.
 */
export { isolateLtr } from './assistant-facts';
export { chatQaAdmin } from './routes/admin/custom-chat-qa';
export { chat } from './routes/chat';
export { customChatQaRoutes } from './routes/custom-chat-qa';
export { purgeConversationsBefore } from './retention';
// Its part of a guest's export and erasure (modules/privacy).
export { assistantGuestData } from './guest-data';
// What it answered, for a handover to the front desk (modules/conversations).
export { assistantAnswersQuery } from './handover';
