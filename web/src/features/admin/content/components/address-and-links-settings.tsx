import { Trans, useLingui } from '@lingui/react/macro';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '@shared/content-schemas';
import { usePlatformNames } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { type SiteSettingsFields } from '../lib/site-settings-form-values';
import { SettingsSection } from './settings-section';

/** The hotel's address in both languages, its map link and its social links. */
export function AddressAndLinksSettings({ fields }: { fields: SiteSettingsFields }) {
  const { values, setValues, change, message } = fields;
  const { t } = useLingui();
  const platformNames = usePlatformNames();

  const setLink = (index: number, patch: Partial<{ platform: SocialPlatform; url: string }>) => {
    setValues((v) => ({
      ...v,
      socialLinks: v.socialLinks.map((link, i) => (i === index ? { ...link, ...patch } : link)),
    }));
  };

  return (
    <SettingsSection title={<Trans>Address and links</Trans>}>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t`Address (Arabic)`}
          inputDir="rtl"
          value={values.addressAr}
          onChange={change('addressAr')}
          errorMessage={message('addressAr')}
          isInvalid={!!message('addressAr')}
          isRequired
        />
        <TextField
          label={t`Address (English)`}
          inputDir="ltr"
          value={values.address}
          onChange={change('address')}
          errorMessage={message('address')}
          isInvalid={!!message('address')}
          isRequired
        />
      </div>
      <TextField
        label={t`Map link`}
        type="url"
        description={t`Optional. A https:// link to the hotel on a map.`}
        value={values.mapUrl}
        onChange={change('mapUrl')}
        errorMessage={message('mapUrl')}
        isInvalid={!!message('mapUrl')}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          <Trans>Social links</Trans>
        </legend>
        {values.socialLinks.length === 0 ? (
          <p className="text-sm text-slate-700">
            <Trans>No social links yet.</Trans>
          </p>
        ) : null}
        {values.socialLinks.map((link, index) => (
          <div
            key={index}
            className="grid items-end gap-3 rounded-xl border border-sand-200 p-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto]"
          >
            <Select
              label={t`Platform`}
              selectedKey={link.platform}
              onSelectionChange={(key) => setLink(index, { platform: key as SocialPlatform })}
            >
              {SOCIAL_PLATFORMS.map((platform) => (
                <SelectItem key={platform} id={platform}>
                  {platformNames[platform]}
                </SelectItem>
              ))}
            </Select>
            <TextField
              label={t`Link`}
              type="url"
              value={link.url}
              onChange={(url) => setLink(index, { url })}
            />
            <Button
              variant="secondary"
              className="px-3 py-2 text-sm"
              onPress={() =>
                setValues((v) => ({ ...v, socialLinks: v.socialLinks.filter((_, i) => i !== index) }))
              }
            >
              <Trans>Remove</Trans>
            </Button>
          </div>
        ))}
        {message('socialLinks') ? (
          <p className="text-sm font-medium text-red-700" role="alert">
            {message('socialLinks')}
          </p>
        ) : null}
        <Button
          variant="secondary"
          className="self-start px-3 py-2 text-sm"
          onPress={() =>
            setValues((v) => ({
              ...v,
              socialLinks: [...v.socialLinks, { platform: 'instagram', url: '' }],
            }))
          }
        >
          <Trans>Add a social link</Trans>
        </Button>
      </fieldset>
    </SettingsSection>
  );
}
