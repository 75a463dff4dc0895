import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { REGISTRATION_REASON_MAX } from '@shared/registration-schemas';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { type StayRegistration, useMarkFailed } from '@/entities/admin/registrations/registrations-api';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';

/**
 * The police refused a registration: the reason is recorded, and it goes in the next file. A lazy
 * chunk of its own (the default export).
 */
export default function RefusedDialog({
  registration,
  onClose,
}: {
  registration: StayRegistration;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const [reason, setReason] = useState('');
  const failed = useMarkFailed();
  const errors = fieldErrorsOf(failed.error);
  const name = registration.fullName;
  return (
    <Modal
      title={t`The police refused ${name}'s registration`}
      size="md"
      isOpen
      onOpenChange={(o) => !o && onClose()}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          failed.mutate(
            { ids: [registration.bookingId], reason },
            {
              onSuccess: (body) => {
                showToast({ title: body.message, variant: 'success' });
                onClose();
              },
            },
          );
        }}
      >
        <TextField
          label={t`Reason the police gave`}
          value={reason}
          onChange={setReason}
          maxLength={REGISTRATION_REASON_MAX}
          isRequired
          errorMessage={errors.reason}
          isInvalid={Boolean(errors.reason)}
        />
        {failed.isError && !errors.reason ? (
          <p role="alert" className="text-red-700">
            {errorMessage(failed.error, t`Not recorded`)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Not now</Trans>
          </Button>
          <Button type="submit" isPending={failed.isPending} isDisabled={!online || !reason.trim()}>
            <Trans>Record the refusal</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
