import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';

/**
 * Spec: buying with too few points says 'عذراً، ليس لديك نقاط كافية لشراء هذه
 * الليلة' (an alert in the original; a dialog here, read out as an alert).
 */
export function NotEnoughPointsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Not enough points</Trans>}
      size="sm"
    >
      {({ close }) => (
        <div className="flex flex-col gap-4" data-testid="not-enough-points-dialog">
          <p role="alert" className="text-slate-800">
            <Trans>Sorry, you don't have enough points to buy this night</Trans>
          </p>
          <div>
            <Button onPress={close}>
              <Trans>OK</Trans>
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
