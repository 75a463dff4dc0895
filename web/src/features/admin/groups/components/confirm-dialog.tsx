import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';

/** A question before a step that cannot be undone: its words, Go back, and the step itself. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isPending,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  isPending: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal isOpen onOpenChange={(open) => (open ? null : onClose())} title={title} size="sm">
      <p className="text-slate-800">{children}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          <Trans>Go back</Trans>
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          isPending={isPending}
          onPress={onConfirm}
          data-testid="confirm-step"
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
