import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import {
  GuestDocumentFields,
  guestDocumentBody,
  guestDocumentValues,
  type GuestDocumentValues,
} from '@/entities/guest-profile/guest-document-fields';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useOwnProfile, useSaveOwnProfile } from '../api/guest-profile';

/**
 * "Your registration details" on the account page (a lazy chunk): the nationality, date of birth
 * and document the hotel registers with the authorities, which the guest reads and corrects; the
 * online check-in fills them in.
 */
export default function GuestDetailsSection() {
  const profile = useOwnProfile();
  return (
    <section
      aria-labelledby="guest-details-heading"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      data-testid="guest-details"
    >
      <div className="flex flex-col gap-1">
        <h2 id="guest-details-heading" className="text-lg font-bold text-slate-900">
          <Trans>Your registration details</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Hotels in Oman register every guest with the authorities. Kept for a limited time after your last
            stay, then deleted.
          </Trans>
        </p>
      </div>
      {profile.isSuccess ? (
        <DetailsForm key={JSON.stringify(profile.data)} initial={guestDocumentValues(profile.data)} />
      ) : null}
    </section>
  );
}

function DetailsForm({ initial }: { initial: GuestDocumentValues }) {
  const { t } = useLingui();
  const [values, setValues] = useState(initial);
  const save = useSaveOwnProfile();
  const errors = fieldErrorsOf(save.error);
  return (
    <Form
      className="flex flex-col gap-4"
      validationErrors={errors}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(guestDocumentBody(values), {
          onSuccess: (body) => showToast({ title: body.message, variant: 'success' }),
          onError: (error) =>
            showToast({ title: errorMessage(error, t`Not saved. Please try again.`), variant: 'error' }),
        });
      }}
    >
      <GuestDocumentFields values={values} onChange={setValues} errors={errors} />
      <Button type="submit" className="self-start" isPending={save.isPending}>
        <Trans>Save my details</Trans>
      </Button>
    </Form>
  );
}
