// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { joinParts, Separator, separatorOf } from './separator';

afterEach(cleanup);

function summary(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <p>
        {language === 'ar' ? '٢:٠٠ م' : '2:00 pm'}
        <Separator />
        {language === 'ar' ? 'المغادرة' : 'check-out'}
      </p>
    </I18nProvider>,
  );
  return container.textContent;
}

describe("the separator between a summary line's parts", () => {
  it('is a middle dot kept to the part before it in English', () => {
    expect(summary('en')).toBe('2:00 pm\u00a0· check-out');
  });

  it('is the Arabic comma in Arabic, with no space before it and no dot that reads as a zero', () => {
    expect(summary('ar')).toBe('٢:٠٠ م، المغادرة');
  });

  it('joins strings the same way', () => {
    expect(joinParts(['a', 'b'], 'en')).toBe('a\u00a0· b');
    expect(joinParts(['أ', 'ب'], 'ar')).toBe('أ، ب');
    expect(separatorOf('ar')).not.toContain('\u00b7');
  });
});

/**
 * Files that still wrote the dot by hand when this guard was added; each is to move to
 * <Separator /> / joinParts. The list only shrinks: a new file with a literal "·" fails.
 */
const NOT_YET = new Set([
  'components/layout/site-footer.tsx',
  'entities/admin/bookings/trade-fields.tsx',
  'entities/admin/folio/folio-dialog.tsx',
  'entities/admin/stay-requests/stay-request-queue.tsx',
  'entities/folio/folio-lines.tsx',
  'features/account/components/chain-stays-section.tsx',
  'features/admin/audit/components/audit-log-screen.tsx',
  'features/admin/bookings/components/assistant-conversation-dialog.tsx',
  'features/admin/bookings/components/booking-card.tsx',
  'features/admin/bookings/components/booking-decision-dialog.tsx',
  'features/admin/chain/components/chain-guests-section.tsx',
  'features/admin/channel/components/channel-mappings.tsx',
  'features/admin/city-ledger/components/city-ledger-screen.tsx',
  'features/admin/content/components/offer-row.tsx',
  'features/admin/events/components/submission-detail.tsx',
  'features/admin/extras/components/extras-admin-screen.tsx',
  'features/admin/front-desk/components/check-in-dialog.tsx',
  'features/admin/groups/api/groups.ts',
  'features/admin/guests/components/guest-profile-panel.tsx',
  'features/admin/guests/components/guests-screen.tsx',
  'features/admin/housekeeping-tasks/components/board-screen.tsx',
  'features/admin/housekeeping-tasks/components/minibar-dialog.tsx',
  'features/admin/inventory/components/inventory-counter.tsx',
  'features/admin/inventory/components/room-inventory-screen.tsx',
  'features/admin/lost-found/components/lost-found-screen.tsx',
  'features/admin/lost-found/components/lost-item-dialog.tsx',
  'features/admin/outlets/components/outlets-admin-screen.tsx',
  'features/admin/payments/components/refused-events.tsx',
  'features/admin/rates/components/rate-fields.tsx',
  'features/admin/rates/components/rate-plans-screen.tsx',
  'features/admin/room-types/components/room-type-dialog.tsx',
  'features/admin/room-types/components/room-types-screen.tsx',
  'features/admin/rooms/components/rooms-screen.tsx',
  'features/admin/statistics/components/statistics-dashboard.tsx',
  'features/admin/tape-chart/components/stay-details-dialog.tsx',
  'features/admin/tape-chart/components/suggestion-dialog.tsx',
  'features/admin/tape-chart/components/tape-chart-screen.tsx',
  'features/admin/work-orders/components/report-fault-dialog.tsx',
  'features/admin/work-orders/components/work-orders-screen.tsx',
  'features/bookings/components/booking-confirmation-dialog.tsx',
  'features/bookings/components/booking-price-box.tsx',
  'features/bookings/components/booking-rate-plan-field.tsx',
  'features/bookings/components/booking-room-type-field.tsx',
  'features/bookings/components/manage/device-bookings.tsx',
  'features/bookings/components/manage/online-check-in-form.tsx',
  'features/bookings/components/manage/stay-requests-section.tsx',
  'features/events/components/events-panel.tsx',
  'features/outlets/components/app-orders.tsx',
  'features/points/components/points-badge.tsx',
  'features/stay-orders/components/stay-orders-screen.tsx',
]);

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('no hand-written middle dot outside separator.tsx', () => {
  it('finds none in web/src outside the separator, the tests and the catalogues', () => {
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((path) => path !== 'components/separator.tsx' && !NOT_YET.has(path))
      .filter((path) => readFileSync(join(SRC, path), 'utf8').includes('·'));
    expect(offenders).toEqual([]);
  });
});
