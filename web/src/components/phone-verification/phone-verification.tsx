import { Suspense } from 'react';
import { lazy } from '@/lib/lazy';

/**
 * The phone's code step of a prize-draw entry: a dialog,
 * loaded on first use. `phone` is shown as the guest typed it; `onVerified` runs once the
 * server has proven it on this device.
 */
const PhoneVerificationDialog = lazy(() => import('./phone-verification-dialog'));

export function PhoneVerification(props: { phone: string; onVerified: () => void; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <PhoneVerificationDialog {...props} />
    </Suspense>
  );
}
