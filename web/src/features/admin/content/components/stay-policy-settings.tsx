import { Trans, useLingui } from '@lingui/react/macro';
import { STAY_POLICY_LIMITS } from '@shared/stay-policy';
import { TextField } from '@/components/ui/text-field';
import { formatCount } from '@/lib/format';
import { useLanguage } from '@/hooks/use-language';
import { type SiteSettingsFields } from '../lib/site-settings-form-values';
import { SettingsSection } from './settings-section';

/** The stay policy: the free cancellation deadline, when online check-in opens, the policy's own words and how long ID details are kept. */
export function StayPolicySettings({ fields }: { fields: SiteSettingsFields }) {
  const { values, change, message } = fields;
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <SettingsSection title={<Trans>Cancellation and online check-in</Trans>}>
      <p className="text-sm text-slate-700">
        <Trans>
          Guests cancel or change their booking themselves up to the deadline below (before check-in time on
          their arrival day, Oman time); after it they are asked to call the hotel.
        </Trans>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Free cancellation: hours before check-in`}
          description={t`A whole number from ${formatCount(0, language)} to ${formatCount(STAY_POLICY_LIMITS.freeCancellationHoursMax, language)}. ${formatCount(0, language)}: until check-in time.`}
          name="freeCancellationHours"
          inputDir="ltr"
          inputMode="numeric"
          value={values.freeCancellationHours}
          onChange={change('freeCancellationHours')}
          errorMessage={message('freeCancellationHours')}
          isInvalid={!!message('freeCancellationHours')}
        />
        <TextField
          label={t`Online check-in opens: hours before arrival`}
          description={t`A whole number from ${formatCount(1, language)} to ${formatCount(STAY_POLICY_LIMITS.onlineCheckInHoursMax, language)}.`}
          name="onlineCheckInHours"
          inputDir="ltr"
          inputMode="numeric"
          value={values.onlineCheckInHours}
          onChange={change('onlineCheckInHours')}
          errorMessage={message('onlineCheckInHours')}
          isInvalid={!!message('onlineCheckInHours')}
        />
        <TextField
          label={t`Cancellation policy (Arabic)`}
          description={t`Optional. Left empty, guests see the rule stated from the hours above.`}
          multiline
          rows={4}
          inputDir="rtl"
          value={values.cancellationPolicyAr}
          onChange={change('cancellationPolicyAr')}
          errorMessage={message('cancellationPolicyAr')}
          isInvalid={!!message('cancellationPolicyAr')}
        />
        <TextField
          label={t`Cancellation policy (English)`}
          description={t`Optional. Left empty, guests see the rule stated from the hours above.`}
          multiline
          rows={4}
          inputDir="ltr"
          value={values.cancellationPolicy}
          onChange={change('cancellationPolicy')}
          errorMessage={message('cancellationPolicy')}
          isInvalid={!!message('cancellationPolicy')}
        />
        <TextField
          label={t`Keep ID photos and numbers: days after check-out`}
          description={t`A whole number from ${formatCount(STAY_POLICY_LIMITS.idRetentionDaysMin, language)} to ${formatCount(STAY_POLICY_LIMITS.idRetentionDaysMax, language)}. Then photos are deleted and numbers masked.`}
          name="idRetentionDays"
          inputDir="ltr"
          inputMode="numeric"
          value={values.idRetentionDays}
          onChange={change('idRetentionDays')}
          errorMessage={message('idRetentionDays')}
          isInvalid={!!message('idRetentionDays')}
        />
      </div>
    </SettingsSection>
  );
}
