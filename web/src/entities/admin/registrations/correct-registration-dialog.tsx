import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import {
  GuestDocumentFields,
  type GuestDocumentValues,
  guestDocumentBody,
  guestDocumentValues,
} from '@/entities/guest-profile/guest-document-fields';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { CompanionsEditor } from './companions-editor';
import { type CompanionInput, type StayRegistration, useCorrectRegistration } from './registrations-api';

/**
 * Correcting a registration the police refused (docs/decisions/093, "Correcting a refusal"), where
 * it is shown (the registrations screen, the front desk): the police's reason above the guest's
 * details and the other adults of the room, all as they are now; one save sends what changed and
 * marks the registration corrected (in the next file as a correction), in one request. A lazy
 * chunk of its own (the default export).
 */
export default function CorrectRegistrationDialog({
  registration,
  onClose,
}: {
  registration: StayRegistration;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const [values, setValues] = useState<GuestDocumentValues>(guestDocumentValues(registration));
  const [companions, setCompanions] = useState<CompanionInput[] | null>(null);
  const correct = useCorrectRegistration();
  const errors = fieldErrorsOf(correct.error);
  const guestErrors = Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field.replace(/^guest\./, ''), message]),
  );
  const name = registration.fullName;
  const reason = registration.failedReason;
  const withCompanions = registration.adults > 1 || registration.companions.length > 0;
  const submit = () => {
    const body = guestDocumentBody(values);
    // Only what is filled in: a field left empty is not cleared from here.
    const guest = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
    correct.mutate(
      {
        bookingId: registration.bookingId,
        ...(registration.profileId !== null && { guest }),
        ...(withCompanions && companions !== null && { companions }),
      },
      {
        onSuccess: (answer) => {
          showToast({ title: answer.message, variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      title={t`Correct the registration of ${name}`}
      size="md"
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      <form
        className="flex flex-col gap-4"
        data-testid="correct-registration-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {reason ? (
          <p className="rounded-lg bg-red-50 p-2 text-red-900" data-testid="correct-registration-reason">
            <Trans>The police refused it: {reason}</Trans>
          </p>
        ) : null}
        <p className="text-slate-800">
          <Trans>Correct what is wrong; saved, it goes in the next police file as a correction.</Trans>
        </p>
        {registration.profileId === null ? (
          <p role="alert" className="text-red-700">
            <Trans>This stay has no guest profile: open the booking to correct it.</Trans>
          </p>
        ) : (
          <GuestDocumentFields values={values} onChange={setValues} errors={guestErrors} />
        )}
        {withCompanions ? (
          <div className="border-t border-sand-200 pt-3">
            <CompanionsEditor
              bookingId={registration.bookingId}
              adults={registration.adults}
              companions={registration.companions}
              onChange={setCompanions}
              errors={errors}
            />
          </div>
        ) : null}
        {correct.isError && Object.keys(errors).length === 0 ? (
          <p role="alert" className="text-red-700">
            {errorMessage(correct.error, t`The correction was not saved.`)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Not now</Trans>
          </Button>
          <Button
            type="submit"
            isPending={correct.isPending}
            isDisabled={!online}
            data-testid="correct-registration-save"
          >
            <Trans>Save the correction</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
