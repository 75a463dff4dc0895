export { monthlyParticipationRoutes } from './routes/check-monthly-participation';
export { eventImageRoutes } from './routes/event-images';
export { eventSettingsRoutes } from './routes/event-settings';
export { eventUploadRoutes } from './routes/event-uploads';
export { googleReviewSubmissionRoutes } from './routes/google-review-submissions';
export { locationSharingSubmissionRoutes } from './routes/location-sharing-submissions';
export { photographySubmissionRoutes } from './routes/photography-submissions';
export {
  eventImages,
  eventSettings,
  googleReviewSubmissions,
  locationSharingSubmissions,
  monthlyParticipations,
  photographySubmissions,
} from './tables';
