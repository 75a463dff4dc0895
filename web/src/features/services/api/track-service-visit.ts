import type { TrackedServiceType } from '@shared/review-schemas';
import { api } from '@/lib/api-client';

/**
 * POST /api/track-service-visit {serviceType} (guest spec: sent when a restaurant or spa card
 * is opened; failures only logged). Fire and forget: never awaited by the screen, never shown
 * to the guest; offline it is dropped (the server counts a device once a day anyway).
 */
export function trackServiceVisit(serviceType: TrackedServiceType): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  api['track-service-visit'].$post({ json: { serviceType } }).catch((error: unknown) => {
    console.warn('service visit not recorded', error);
  });
}
