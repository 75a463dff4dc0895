import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/text-field';
import { type SiteSettingsFields } from '../lib/site-settings-form-values';
import { SettingsSection } from './settings-section';

/** The hotel's name and description in both languages. */
export function HotelIdentitySettings({ fields }: { fields: SiteSettingsFields }) {
  const { values, change, message } = fields;
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>The hotel</Trans>}>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t`Hotel name (Arabic)`}
          inputDir="rtl"
          value={values.siteNameAr}
          onChange={change('siteNameAr')}
          errorMessage={message('siteNameAr')}
          isInvalid={!!message('siteNameAr')}
          isRequired
        />
        <TextField
          label={t`Hotel name (English)`}
          inputDir="ltr"
          value={values.siteName}
          onChange={change('siteName')}
          errorMessage={message('siteName')}
          isInvalid={!!message('siteName')}
          isRequired
        />
        <TextField
          label={t`Description (Arabic)`}
          multiline
          rows={3}
          inputDir="rtl"
          value={values.siteDescriptionAr}
          onChange={change('siteDescriptionAr')}
          errorMessage={message('siteDescriptionAr')}
          isInvalid={!!message('siteDescriptionAr')}
          isRequired
        />
        <TextField
          label={t`Description (English)`}
          multiline
          rows={3}
          inputDir="ltr"
          value={values.siteDescription}
          onChange={change('siteDescription')}
          errorMessage={message('siteDescription')}
          isInvalid={!!message('siteDescription')}
          isRequired
        />
      </div>
    </SettingsSection>
  );
}
