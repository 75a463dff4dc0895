import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { type CounterTarget, useUpdateInventoryCount } from '../api/update-inventory-count';
import { useLanguage } from '@/hooks/use-language';

const stepClass =
  'size-11 shrink-0 rounded-full p-0 text-2xl leading-none data-[disabled]:opacity-40 data-[disabled]:saturate-0';

/**
 * One staff counter (admin spec sections 2 and 9): the allotment for sale,
 * tonight's available rooms and the maximum, with − and + (never below 0,
 * never above the maximum). The change shows at once and goes back, with the
 * server's message, if it is refused.
 */
export function InventoryCounter({
  target,
  label,
  shortLabel,
  totalCount,
  availableCount,
  maxCapacity,
  isOffline,
  testId,
}: {
  target: CounterTarget;
  /** The full name (room type and kind), for screen readers and the buttons. */
  label: string;
  /** What shows under the room type's heading. */
  shortLabel: string;
  totalCount: number;
  availableCount: number;
  maxCapacity: number;
  isOffline: boolean;
  testId: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const update = useUpdateInventoryCount();

  function change(next: number) {
    update.mutate(
      { target, totalCount: next },
      {
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The counter was not changed`,
            description:
              fieldErrorsOf(error).availableCount ??
              errorMessage(error, t`Failed to update room inventory. Please try again.`),
          }),
      },
    );
  }

  return (
    <div
      data-testid={testId}
      role="group"
      aria-label={label}
      className="flex items-center justify-between gap-3 rounded-xl bg-sand-50 px-3 py-2 ring-1 ring-sand-200"
    >
      <div className="flex min-w-0 flex-col">
        <span className="font-semibold text-slate-900">{shortLabel}</span>
        <span className="text-xs text-slate-700">
          <Trans>
            Tonight: {formatCount(availableCount, language)} free · Max {formatCount(maxCapacity, language)}
          </Trans>
        </span>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Button
          variant="secondary"
          className={stepClass}
          aria-label={t`Fewer: ${label}`}
          isDisabled={isOffline || totalCount <= 0}
          onPress={() => change(totalCount - 1)}
        >
          <span aria-hidden="true">−</span>
        </Button>
        <output
          data-testid="counter-value"
          aria-live="polite"
          className="min-w-10 text-center text-2xl font-bold tabular-nums text-teal-800"
        >
          {formatCount(totalCount, language)}
        </output>
        <Button
          variant="secondary"
          className={stepClass}
          aria-label={t`More: ${label}`}
          isDisabled={isOffline || totalCount >= maxCapacity}
          onPress={() => change(totalCount + 1)}
        >
          <span aria-hidden="true">+</span>
        </Button>
      </div>
    </div>
  );
}
