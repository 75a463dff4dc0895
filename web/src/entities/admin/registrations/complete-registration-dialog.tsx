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
import { type StayRegistration, useCompleteRegistration } from './registrations-api';
import { CompanionsEditor } from './companions-editor';
import { useMissingWords } from './registration-words';

/**
 * Completing a stay's police registration where it is shown (the front desk, the registrations
 * screen): the guest's nationality, document and date of birth, the missing ones named; saved to
 * the guest's profile, and the registration follows on the server in the same transaction; then
 * the other adults of the room (name, nationality, document, date of birth), saved to the stay. A
 * lazy chunk of its own (the default export).
 */
export default function CompleteRegistrationDialog({
  registration,
  onClose,
}: {
  registration: StayRegistration;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const missingWords = useMissingWords();
  const [values, setValues] = useState<GuestDocumentValues>(guestDocumentValues(registration));
  const save = useCompleteRegistration();
  const errors = fieldErrorsOf(save.error);
  const name = registration.fullName;
  const profileId = registration.profileId;
  const submit = () => {
    if (profileId === null) return;
    const body = guestDocumentBody(values);
    // Only what is filled in: a field left empty is not cleared from here.
    const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
    save.mutate(
      { profileId, patch },
      {
        onSuccess: () => {
          showToast({ title: t`Registration details saved`, variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Modal title={t`Registration of ${name}`} size="md" isOpen onOpenChange={(open) => !open && onClose()}>
      <form
        className="flex flex-col gap-4"
        data-testid="complete-registration-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {registration.missing.length > 0 ? (
          <p
            className="rounded-lg bg-amber-50 p-2 text-amber-950"
            data-testid="complete-registration-missing"
          >
            <Trans>The police need: {missingWords(registration.missing, registration.companions)}.</Trans>
          </p>
        ) : null}
        {profileId === null ? (
          <p role="alert" className="text-red-700">
            <Trans>This stay has no guest profile: open the booking to correct it.</Trans>
          </p>
        ) : (
          <GuestDocumentFields values={values} onChange={setValues} errors={errors} />
        )}
        {save.isError && Object.keys(errors).length === 0 ? (
          <p role="alert" className="text-red-700">
            {errorMessage(save.error, t`The details were not saved.`)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Not now</Trans>
          </Button>
          <Button
            type="submit"
            isPending={save.isPending}
            isDisabled={!online || profileId === null}
            data-testid="complete-registration-save"
          >
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
      {registration.adults > 1 || registration.companions.length > 0 ? (
        <div className="mt-4 border-t border-sand-200 pt-3">
          <CompanionsEditor
            bookingId={registration.bookingId}
            adults={registration.adults}
            companions={registration.companions}
          />
        </div>
      ) : null}
    </Modal>
  );
}
