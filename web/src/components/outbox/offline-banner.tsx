import { Trans } from '@lingui/react/macro';
import { CloudOffIcon } from '../icons';

/**
 * In the sticky header while the device is offline (in view wherever the guest has scrolled): what the guest sees is what this device saved,
 * and what they send waits and goes once they are back online (exactly once). The header's badge
 * alone was an icon on a phone.
 */
export function OfflineBanner() {
  return (
    <div className="border-t border-slate-300 bg-slate-800 text-white" data-testid="offline-banner">
      <p role="status" className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm">
        <CloudOffIcon />
        <span>
          <Trans>
            You are offline. You see what this device saved; what you send waits here and goes once you are
            back online.
          </Trans>
        </span>
      </p>
    </div>
  );
}
