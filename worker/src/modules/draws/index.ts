/**
 * draws: the prize draws (docs/decisions/048-worker-modules.md).
 *
 * Owns: the draws' entries (photography, Google review, location sharing), the event settings,
 * entry images and their uploads, the monthly participation check; their tables (tables.ts).
 * Offers: the routes the entry mounts; the daily clean-up's part (`sweepUnattachedUploads`); its
 * part of a guest's data (`drawsGuestData`: their entries, photos, once-a-month rows); the entries
 * as messages read them (`entryMessageRows`).
 * Never: hands out its tables; sends a message itself (it raises events through
 * platform/notify.ts); imports a module but accounts (whether a phone was proven).
 * Imports: accounts.
 */
export { monthlyParticipationRoutes } from './routes/check-monthly-participation';
export { eventImageRoutes } from './routes/event-images';
export { eventSettingsRoutes } from './routes/event-settings';
export { eventUploadRoutes } from './routes/event-uploads';
export { locationSharingSubmissionRoutes } from './routes/location-sharing-submissions';
export { googleReviewSubmissionRoutes, photographySubmissionRoutes } from './routes/moderated-submissions';
export { sweepUnattachedUploads } from './upload-retention';
// Its part of a guest's export and erasure (modules/privacy); its entries as the notification
// channels read them (modules/messaging).
export { drawsGuestData } from './guest-data';
export { entryMessageRows } from './message-rows';
