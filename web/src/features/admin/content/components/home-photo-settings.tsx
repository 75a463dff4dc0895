import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode } from 'react';
import { Select, SelectItem } from '@/components/ui/select';
import { usePhotos } from '@/entities/admin/media/get-photos';
import { formatCount } from '@/lib/format';
import { useLanguage } from '@/hooks/use-language';
import { HERO_OWNER } from '../lib/site-hero-owner';
import { type SiteSettingsFields } from '../lib/site-settings-form-values';
import { SettingsSection } from './settings-section';

/**
 * The photo at the top of the home page: one of the uploaded photos, or the illustration.
 * `children`: the photo manager for the home page's photos.
 */
export function HomePhotoSettings({ fields, children }: { fields: SiteSettingsFields; children: ReactNode }) {
  const { values, setValues } = fields;
  const { t } = useLingui();
  const language = useLanguage();
  const uploaded = usePhotos(HERO_OWNER).data ?? [];
  return (
    <SettingsSection title={<Trans>Home page photo</Trans>}>
      <p className="text-sm text-slate-700">
        <Trans>
          The large photo at the top of the home page. Upload the hotel&apos;s photos below, then choose the
          one to show and save the settings. Until then guests see an illustration.
        </Trans>
      </p>
      <Select
        label={t`Photo shown on the home page`}
        selectedKey={values.heroMediaId == null ? 'demo' : String(values.heroMediaId)}
        onSelectionChange={(key) =>
          setValues((v) => ({ ...v, heroMediaId: key === 'demo' ? null : Number(key) }))
        }
      >
        {[
          <SelectItem key="demo" id="demo">
            {t`The illustration (no photo of the hotel)`}
          </SelectItem>,
          ...uploaded.map((photo, i) => (
            <SelectItem key={photo.id} id={String(photo.id)}>
              {(language === 'ar' ? photo.altAr : photo.altEn) || t`Photo ${formatCount(i + 1, language)}`}
            </SelectItem>
          )),
        ]}
      </Select>
      {children}
    </SettingsSection>
  );
}
