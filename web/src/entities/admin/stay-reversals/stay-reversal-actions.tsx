import { Trans } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { lazy } from '@/lib/lazy';
import type { StayReversal } from './stay-reversal-api';
import { reversalsFor, type ReversalState } from './stay-reversal-rules';
import type { ReversibleStay } from './stay-reversal-dialog';

// The confirmation: a chunk of its own, loaded when a manager opens it.
const StayReversalDialog = lazy(() => import('./stay-reversal-dialog'));

/**
 * "Undo check-in", "Undo check-out" and "Reinstate", where they apply, for managers only (staff
 * below them never see them; the server refuses them too). Each opens its confirmation.
 */
export function StayReversalActions({
  stay,
  state,
  isDisabled = false,
  compact = true,
}: {
  stay: ReversibleStay;
  state: ReversalState;
  isDisabled?: boolean;
  /** Small buttons, as on the bookings desk's cards; the front desk's rows use full-size ones. */
  compact?: boolean;
}) {
  const user = useCurrentUser().data;
  const [asking, setAsking] = useState<StayReversal | null>(null);
  if (!hasRole(user, 'manager')) return null;
  const moves = reversalsFor({ ...state, checkOutDate: stay.checkOutDate });
  if (moves.length === 0) return null;
  const labels: Record<StayReversal, React.ReactNode> = {
    'undo-check-in': <Trans>Undo check-in</Trans>,
    'undo-check-out': <Trans>Undo check-out</Trans>,
    reinstate: <Trans>Reinstate</Trans>,
  };
  return (
    <>
      {moves.map((move) => (
        <Button
          key={move}
          variant="secondary"
          className={compact ? 'px-3 py-1.5 text-sm' : undefined}
          isDisabled={isDisabled}
          onPress={() => setAsking(move)}
          data-testid={`stay-${move}`}
        >
          {labels[move]}
        </Button>
      ))}
      {asking ? (
        <Suspense fallback={null}>
          <StayReversalDialog move={asking} stay={stay} onClose={() => setAsking(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
