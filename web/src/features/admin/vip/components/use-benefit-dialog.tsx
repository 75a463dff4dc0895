import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import type { VipBeneficiary } from '../api/get-vip-beneficiaries';
import { type VipBenefitKind, useRecordVipBenefit } from '../api/record-vip-benefit';
import { useLanguage } from '@/hooks/use-language';

export type BenefitRequest = { beneficiary: VipBeneficiary; kind: VipBenefitKind };

/**
 * Asks before recording a free coffee or free night. The server decides:
 * it refuses a second coffee within 24 hours ("Must wait 24 hours") and any
 * use past the card's allowance ("Maximum limit reached"), shown as a toast.
 */
export function UseBenefitDialog({
  request,
  onClose,
}: {
  request: BenefitRequest | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const record = useRecordVipBenefit();
  // Keep the last request while the modal animates closed.
  const [shown, setShown] = useState(request);
  if (request && request !== shown) setShown(request);
  const coffee = shown?.kind === 'coffee';
  const b = shown?.beneficiary;
  const used = b ? (coffee ? b.coffeesUsed : b.freeNightsUsed) : 0;
  const allowed = b ? (coffee ? b.allowance.freeCoffees : b.allowance.freeNights) : 0;

  function confirm() {
    if (!shown) return;
    record.mutate(
      { id: shown.beneficiary.id, kind: shown.kind },
      {
        onSuccess: (result) => {
          showToast({
            variant: 'success',
            title: coffee ? t`Free coffee recorded` : t`Free night recorded`,
            description: result.message,
          });
          onClose();
        },
        onError: (error) => {
          showToast({
            variant: 'error',
            title: coffee ? t`Free coffee not recorded` : t`Free night not recorded`,
            description: errorMessage(error, t`Please try again.`),
          });
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      title={coffee ? t`Use a free coffee?` : t`Use a free night?`}
      size="sm"
      isOpen={request !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <p className="text-slate-800">
        {coffee ? (
          <Trans>
            Record one free coffee for <strong>{b?.fullName}</strong>. Used so far:{' '}
            {formatCount(used, language)} of {formatCount(allowed, language)}.
          </Trans>
        ) : (
          <Trans>
            Record one free night for <strong>{b?.fullName}</strong>. Used so far:{' '}
            {formatCount(used, language)} of {formatCount(allowed, language)}.
          </Trans>
        )}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button isPending={record.isPending} onPress={confirm}>
          <Trans context="record a benefit">Record</Trans>
        </Button>
      </div>
    </Modal>
  );
}
