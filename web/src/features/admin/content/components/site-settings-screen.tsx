import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { errorMessage } from '@/lib/api-client';
import { useAdminSiteSettings } from '../api/get-admin-site-settings';
import { HERO_OWNER } from '../lib/site-hero-owner';
import { SiteSettingsForm } from './site-settings-form';

/**
 * /admin/settings (admins): the hotel's
 * name and description, contacts, address, map and social links, check-in and
 * check-out times and maintenance mode. Everything that shows a contact detail
 * reads these (footer, login footer, WhatsApp hand-offs); saving is one audited write.
 */
export function SiteSettingsScreen({ PhotoManager }: { PhotoManager: PhotoManagerSlot }) {
  const { t } = useLingui();
  const settings = useAdminSiteSettings();
  // The form starts afresh from the saved settings (its key is their time): the message of the
  // last save outlives it, and takes the focus the remounted form's button had.
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Site settings</Trans>}
        subtitle={<Trans>What guests see of the hotel: contacts, address, links and opening times.</Trans>}
      />
      {settings.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the settings…</Trans>
        </p>
      ) : settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()}>
          {errorMessage(settings.error, t`The settings could not be loaded.`)}
        </LoadError>
      ) : (
        <SiteSettingsForm
          key={settings.data.updatedAt ?? 'new'}
          settings={settings.data}
          saved={saved}
          onSaved={setSaved}
          heroPhotos={<PhotoManager owner={HERO_OWNER} title={<Trans>Home page photos</Trans>} />}
        />
      )}
    </main>
  );
}
