import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';

/** An honest dialog for a panel not built yet: what it will be, and nothing invented. */
export default function ComingSoonDialog({
  title,
  children,
  onClose,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={title} size="sm">
      {({ close }) => (
        <div className="flex flex-col gap-4" data-testid="coming-soon">
          <p className="self-start rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold text-teal-800">
            <Trans>Coming soon</Trans>
          </p>
          <p className="text-slate-800">{children}</p>
          <Button onPress={close} className="self-end">
            <Trans>OK</Trans>
          </Button>
        </div>
      )}
    </Modal>
  );
}
