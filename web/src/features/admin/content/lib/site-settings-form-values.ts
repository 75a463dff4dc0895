import { type useFormFields } from '@/lib/use-form-fields';
import { type AdminSiteSettings } from '../api/get-admin-site-settings';

/** The stay policy's counts: typed as text, Arabic-Indic digits accepted, checked by the schema. */
type PolicyCounts = 'freeCancellationHours' | 'onlineCheckInHours' | 'idRetentionDays';
export type SiteSettingsFormValues = Omit<AdminSiteSettings, 'updatedAt' | PolicyCounts> &
  Record<PolicyCounts, string>;

/** What each part of the site settings form reads and changes of the form's values. */
export type SiteSettingsFields = Pick<
  ReturnType<typeof useFormFields<SiteSettingsFormValues>>,
  'values' | 'setValues' | 'change' | 'message'
>;

/** The saved settings as the form starts from them (the counts as text). */
export function siteSettingsFormValues(settings: AdminSiteSettings): SiteSettingsFormValues {
  const { updatedAt: _stamp, ...saved_ } = settings;
  return {
    ...saved_,
    freeCancellationHours: String(saved_.freeCancellationHours),
    onlineCheckInHours: String(saved_.onlineCheckInHours),
    idRetentionDays: String(saved_.idRetentionDays),
  };
}
