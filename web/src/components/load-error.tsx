import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PlainButton } from './ui/plain-button';

/** A list or a page that could not be loaded: what failed, read out as an alert, and Try again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-red-800">
      <p>{children}</p>
      <PlainButton variant="secondary" onPress={onRetry}>
        <Trans>Try again</Trans>
      </PlainButton>
    </div>
  );
}
