import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import {
  I18nProvider as AriaI18nProvider,
  RouterProvider as AriaRouterProvider,
} from 'react-aria-components';
import { useNavigate } from '@/lib/router';
import { markAriaScopeLoaded } from './aria-scope';

markAriaScopeLoaded();

/**
 * react-aria inside the router: its links navigate through the app's router, and
 * its components (date pickers, arrow keys, built-in labels) follow the app's
 * language and direction rather than the browser's. English uses en-GB so dates
 * read day first, as in Oman.
 */
export default function AriaProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { i18n: lingui } = useLingui();
  return (
    <AriaI18nProvider locale={lingui.locale === 'ar' ? 'ar-OM' : 'en-GB'}>
      <AriaRouterProvider navigate={(to) => navigate(to)}>{children}</AriaRouterProvider>
    </AriaI18nProvider>
  );
}
