import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { useMergeGuests, type GuestSummary } from '../api/guests';

/** Confirms merging `other` into `kept`: its stays move to `kept`, and it is gone. */
export default function MergeGuestDialog({
  kept,
  other,
  onClose,
  onMerged,
}: {
  kept: { id: number; fullName: string };
  other: GuestSummary;
  onClose: () => void;
  onMerged: () => void;
}) {
  const { t } = useLingui();
  const merge = useMergeGuests();
  const keptName = kept.fullName;
  const otherName = other.fullName;
  return (
    <Modal title={t`Merge two profiles`} isOpen onOpenChange={(open) => !open && onClose()}>
      <p className="text-slate-800">
        <Trans>
          The stays of {otherName} move to {keptName}, and what only the other profile knew is kept. This
          cannot be undone.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          isPending={merge.isPending}
          onPress={() =>
            merge.mutate(
              { id: kept.id, otherId: other.id },
              {
                onSuccess: (body) => {
                  showToast({ title: body.message, variant: 'success' });
                  onMerged();
                },
                onError: (error) =>
                  showToast({
                    title: errorMessage(error, t`The profiles were not merged`),
                    variant: 'error',
                  }),
              },
            )
          }
        >
          <Trans>Merge</Trans>
        </Button>
        <Button variant="secondary" onPress={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Modal>
  );
}
