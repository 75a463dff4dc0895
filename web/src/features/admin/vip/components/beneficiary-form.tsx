import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { VIP_CARD_TYPES } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import type { VipBeneficiary } from '../api/get-vip-beneficiaries';
import { useSaveVipBeneficiary } from '../api/save-vip-beneficiary';
import { type BeneficiaryValues, checkBeneficiary, expiryPreview } from '../lib/vip-beneficiary-rules';
import { VIP_CARD_LABELS } from '@/entities/vip/vip-card-labels';
import { useFormFields } from '@/lib/use-form-fields';
import { useLanguage } from '@/hooks/use-language';

export const emptyBeneficiary: BeneficiaryValues = {
  fullName: '',
  phoneNumber: '',
  civilId: '',
  cardType: '',
  startDate: '',
};

/**
 * The add form (no `beneficiary`) and each beneficiary's edit form. A new card
 * starts today or later; an existing card keeps its start date even when it
 * is already past (the server applies the same rule).
 */
export function BeneficiaryForm({
  beneficiary,
  idPrefix,
  onSaved,
}: {
  beneficiary?: VipBeneficiary;
  idPrefix: string;
  onSaved?: (saved: VipBeneficiary) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const save = useSaveVipBeneficiary();
  const initial: BeneficiaryValues = beneficiary
    ? {
        fullName: beneficiary.fullName,
        phoneNumber: beneficiary.phoneNumber,
        civilId: beneficiary.civilId,
        cardType: beneficiary.cardType,
        startDate: beneficiary.startDate,
      }
    : // A new card starts today unless staff choose another day.
      { ...emptyBeneficiary, startDate: hotelToday() };
  const { values, setValues, change, refuse, message, formRef } = useFormFields<BeneficiaryValues>(initial);
  const today = hotelToday();
  const keepsPastStart =
    !!beneficiary && beneficiary.startDate < today && values.startDate === beneficiary.startDate;
  const minStart = beneficiary && beneficiary.startDate < today ? beneficiary.startDate : today;
  const expiry = expiryPreview(values.startDate);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = await checkBeneficiary(values, today, { allowPastStart: keepsPastStart });
    if (!checked.ok) {
      refuse(checked.errors);
      return;
    }
    save.mutate(
      { id: beneficiary?.id, input: checked.data },
      {
        onSuccess: (result) => {
          if (!beneficiary) setValues({ ...emptyBeneficiary, startDate: hotelToday() });
          showToast({
            variant: 'success',
            title: beneficiary ? t`Changes saved` : t`Beneficiary added`,
            description: result.message,
          });
          onSaved?.(result.beneficiary);
        },
        onError: (error) => {
          refuse(fieldErrorsOf(error));
          showToast({
            variant: 'error',
            title: beneficiary ? t`The changes were not saved` : t`The beneficiary was not added`,
            description: errorMessage(error, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={beneficiary ? t`Edit details` : t`Add Beneficiary`}
    >
      <TextField
        label={t`Full name`}
        name={`${idPrefix}-fullName`}
        autoComplete="off"
        value={values.fullName}
        onChange={change('fullName')}
        isInvalid={!!message('fullName')}
        errorMessage={message('fullName')}
        isRequired
      />
      <TextField
        label={t`Phone number`}
        name={`${idPrefix}-phoneNumber`}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={values.phoneNumber}
        onChange={change('phoneNumber')}
        isInvalid={!!message('phoneNumber')}
        errorMessage={message('phoneNumber')}
        isRequired
      />
      <TextField
        label={t`Civil ID`}
        name={`${idPrefix}-civilId`}
        autoComplete="off"
        inputDir="ltr"
        value={values.civilId}
        onChange={change('civilId')}
        isInvalid={!!message('civilId')}
        errorMessage={message('civilId')}
        isRequired
      />
      <Select
        label={t`Card type`}
        name={`${idPrefix}-cardType`}
        placeholder={t`Choose`}
        value={values.cardType || null}
        onChange={(key) => change('cardType')(VIP_CARD_TYPES.find((type) => type === key) ?? '')}
        isInvalid={!!message('cardType')}
        errorMessage={message('cardType')}
        isRequired
      >
        {VIP_CARD_TYPES.map((type) => (
          <SelectItem key={type} id={type}>
            {i18n._(VIP_CARD_LABELS[type])}
          </SelectItem>
        ))}
      </Select>
      <DatePicker
        label={t`Start date`}
        name={`${idPrefix}-startDate`}
        value={values.startDate}
        onChange={change('startDate')}
        minValue={minStart}
        errorMessage={message('startDate')}
        description={
          expiry ? (
            <Trans>Valid until {formatDate(expiry, language)}</Trans>
          ) : (
            <Trans>The card is valid for one year from this date.</Trans>
          )
        }
        isRequired
      />
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" isPending={save.isPending} className="w-full sm:w-auto sm:min-w-48">
          {beneficiary ? <Trans>Save changes</Trans> : <Trans>Add beneficiary</Trans>}
        </Button>
      </div>
    </form>
  );
}
