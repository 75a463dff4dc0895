import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { bookingLookupSchema } from '@shared/booking-lookup-schemas';
import { PhoneField } from '@/components/guest-fields';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { minutesCount } from '@/lib/counts';
import { useFormFields } from '@/lib/use-form-fields';
import { LookupThrottledError, useLookUpBooking } from '../../api/look-up-booking';

/** An example of the shown form of a reference (a code, the same in both languages). */
const EXAMPLE_REFERENCE = 'K7M-Q4PX';

/**
 * Find a booking without an account: its reference (as typed, any case, with
 * or without the dash) and the phone number it was made with (Arabic-Indic digits accepted). The
 * server grants it to this device; `onFound` gets its stored reference.
 */
export function BookingLookupForm({
  initialReference = '',
  onFound,
}: {
  initialReference?: string;
  onFound: (reference: string) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const lookup = useLookUpBooking();
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors, setErrors, change, validate, message, formRef } = useFormFields({
    reference: initialReference,
    phoneNumber: '',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const data = validate(bookingLookupSchema);
    if (!data) return;
    lookup.mutate(data, {
      onSuccess: (answer) => onFound(answer.booking.reference),
      onError: (error) => {
        if (error instanceof LookupThrottledError) {
          const wait = minutesCount(Math.max(1, Math.ceil(error.retryAfterSeconds / 60)), language);
          setFailure(t`Too many tries. For your security, please wait ${wait}, then try again.`);
        } else if (error instanceof ApiRequestError && error.status === 404) {
          setFailure(
            t`We found no booking with this reference and phone number. Check both against your confirmation e-mail and try again.`,
          );
        } else if (error instanceof ApiRequestError && error.status === 400) {
          setErrors(fieldErrorsOf(error));
        } else {
          setFailure(
            errorMessage(error, t`Your booking could not be looked up. Check your connection and try again.`),
          );
        }
      },
    });
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t`Find my booking`}
      data-testid="booking-lookup-form"
    >
      <TextField
        label={t`Booking reference`}
        name="reference"
        value={values.reference}
        onChange={(value) => {
          setFailure(null);
          change('reference')(value);
        }}
        description={
          <Trans>
            7 letters and digits, as in your confirmation e-mail (for example{' '}
            <bdi dir="ltr" translate="no" className="whitespace-nowrap">
              {EXAMPLE_REFERENCE}
            </bdi>
            ).
          </Trans>
        }
        inputDir="ltr"
        inputClassName="font-mono tracking-wider uppercase"
        autoComplete="off"
        spellCheck="false"
        isInvalid={!!errors.reference}
        errorMessage={message('reference')}
        isRequired
      />
      <PhoneField
        label={t`Phone number used for the booking`}
        value={values.phoneNumber}
        onChange={(value) => {
          setFailure(null);
          change('phoneNumber')(value);
        }}
        description={t`Arabic or English numerals both work.`}
        error={message('phoneNumber')}
      />
      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800" data-testid="booking-lookup-error">
          {failure}
        </p>
      ) : null}
      <Button type="submit" isPending={lookup.isPending} className="w-full">
        {lookup.isPending ? <Trans>Looking for your booking…</Trans> : <Trans>Find my booking</Trans>}
      </Button>
    </form>
  );
}
