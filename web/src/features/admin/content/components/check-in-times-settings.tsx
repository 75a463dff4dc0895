import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/text-field';
import { type SiteSettingsFields } from '../lib/site-settings-form-values';
import { SettingsSection } from './settings-section';

/** From when guests check in and until when they check out, in 24-hour time. */
export function CheckInTimesSettings({ fields }: { fields: SiteSettingsFields }) {
  const { values, change, message } = fields;
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Check-in and check-out</Trans>}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Check-in from`}
          description={t`24-hour time, e.g. 14:00`}
          inputDir="ltr"
          inputMode="numeric"
          value={values.checkInTime}
          onChange={change('checkInTime')}
          errorMessage={message('checkInTime')}
          isInvalid={!!message('checkInTime')}
          isRequired
        />
        <TextField
          label={t`Check-out until`}
          description={t`24-hour time, e.g. 12:00`}
          inputDir="ltr"
          inputMode="numeric"
          value={values.checkOutTime}
          onChange={change('checkOutTime')}
          errorMessage={message('checkOutTime')}
          isInvalid={!!message('checkOutTime')}
          isRequired
        />
      </div>
    </SettingsSection>
  );
}
