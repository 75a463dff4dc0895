import { useLingui } from '@lingui/react/macro';
import type { PaymentListRow } from '@shared/payment-admin-schemas';
import { Modal } from '@/components/ui/dialog';
import { OnlineRefundForm } from '@/entities/admin/payments/online-refund-form';

/** A paid online payment refunded through the provider, in part or in full. The default export, a lazy chunk. */
export default function RefundDialog({ payment, onClose }: { payment: PaymentListRow; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Refund an online payment`}>
      <div data-testid="refund-dialog">
        <OnlineRefundForm payment={payment} onDone={onClose} onCancel={onClose} />
      </div>
    </Modal>
  );
}
