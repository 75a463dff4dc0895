import MaintenanceBanner from './maintenance-banner';
import MaintenanceScreen from './maintenance-screen';

/** One chunk for both: the page guests get in maintenance, or the banner staff get. */
export default function MaintenanceNotice({ as }: { as: 'page' | 'staff' | 'admin' }) {
  return as === 'page' ? <MaintenanceScreen /> : <MaintenanceBanner isAdmin={as === 'admin'} />;
}
