/**
 * The app layout's parts that most visits never show (the offer of Web Push after a booking, the
 * maintenance notice, what became of queued entries), imported through this small chunk of its
 * own: the lists of the files each needs are then written here, not in the landing page's first
 * script, which imports only this (decision 099; one more round trip the first time one is shown).
 */
export const loadPushOptIn = () => import('@/components/push/push-opt-in');
export const loadMaintenanceNotice = () => import('@/components/maintenance/maintenance-notice');
export const loadOutboxAnnouncements = () => import('@/components/outbox/outbox-announcements');
