import { Trans } from '@lingui/react/macro';
import { Switch } from '@/components/ui/switch';
import { type SiteSettingsFields } from '../lib/site-settings-form-values';
import { SettingsSection } from './settings-section';

/** Maintenance mode: guests see a maintenance page while staff keep working. */
export function MaintenanceSettings({ fields }: { fields: SiteSettingsFields }) {
  const { values, change } = fields;
  return (
    <SettingsSection title={<Trans>Maintenance</Trans>}>
      <Switch
        isSelected={values.maintenanceMode}
        onChange={change('maintenanceMode')}
        data-testid="maintenance-switch"
      >
        <Trans>Maintenance mode</Trans>
      </Switch>
      <p className="text-sm text-slate-700">
        <Trans>
          While it is on, guests see a maintenance page and cannot send bookings, entries or reviews. Staff
          and administrators keep working and see a banner.
        </Trans>
      </p>
    </SettingsSection>
  );
}
