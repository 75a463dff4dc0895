import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MINIBAR_MAX_QUANTITY, type HousekeepingTask, type MinibarItem } from '@shared/housekeeping-tasks';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { NumberField } from '@/components/ui/number-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useReportMinibar } from '../api/tasks';

/**
 * The minibar of one room (a lazy chunk): how many of each item of the minibar outlet's menu the
 * guest took, posted as the minibar's check to the room in one go (POST
 * /api/housekeeping/tasks/:id/minibar, one Idempotency-Key per report). Nothing is sent until an
 * item has a quantity; the total is shown before sending.
 */
export default function MinibarDialog({
  task,
  items,
  onClose,
}: {
  task: HousekeepingTask;
  items: MinibarItem[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const report = useReportMinibar();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  // One key per report: a tap sent twice (a slow network) is one check at the server.
  const [key] = useState(() => crypto.randomUUID());
  const number = formatRoomNumber(task.room.number, language);
  const chosen = items
    .map((item) => ({ item, quantity: quantities[item.id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const total = chosen.reduce((sum, line) => sum + line.item.priceBaisa * line.quantity, 0);

  const send = () =>
    report.mutate(
      {
        id: task.id,
        items: chosen.map((line) => ({ itemId: line.item.id, quantity: line.quantity })),
        key,
      },
      {
        onSuccess: (answer) => {
          showToast({ variant: 'success', title: answer.message });
          onClose();
        },
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The minibar was not charged`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );

  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={<Trans>Minibar of room {number}</Trans>}
      size="sm"
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.length > 0) send();
        }}
      >
        {items.map((item) => (
          <NumberField
            key={item.id}
            label={`${language === 'ar' ? item.nameAr : item.nameEn} · ${formatPrice(item.priceBaisa, language)}`}
            minValue={0}
            maxValue={MINIBAR_MAX_QUANTITY}
            value={quantities[item.id] ?? 0}
            onChange={(value) =>
              setQuantities((q) => ({ ...q, [item.id]: Number.isFinite(value) ? value : 0 }))
            }
            decrementLabel={t`Fewer`}
            incrementLabel={t`More`}
          />
        ))}
        <p className="text-lg font-semibold text-slate-900" aria-live="polite">
          <Trans>Total: {formatPrice(total, language)}</Trans>
        </p>
        <Button type="submit" isDisabled={chosen.length === 0 || report.isPending}>
          <Trans>Charge to the room</Trans>
        </Button>
      </form>
    </Modal>
  );
}
