// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/auth-schemas';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { Identity } from './signed-in-account';

const user = (role: SessionUser['role']) =>
  ({ id: 1, fullName: 'Salim', email: `${role}@example.com`, role }) as unknown as SessionUser;

function renderIdentity(language: 'ar' | 'en', role: SessionUser['role']) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <Identity user={user(role)} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('the header’s account', () => {
  it('names a member of staff’s role in words of the language, never its code', () => {
    const names = {
      staff: 'موظف استقبال',
      manager: 'مدير',
      admin: 'مسؤول النظام',
      housekeeper: 'عامل نظافة',
    };
    for (const [role, name] of Object.entries(names)) {
      renderIdentity('ar', role as SessionUser['role']);
      expect(screen.getByTestId('header-user-role').textContent).toBe(name);
      cleanup();
    }
    renderIdentity('en', 'staff');
    expect(screen.getByTestId('header-user-role').textContent).toBe('Front desk');
  });

  it('shows a guest no role', () => {
    renderIdentity('ar', 'guest');
    expect(screen.queryByTestId('header-user-role')).toBeNull();
    expect(screen.getByTestId('header-user-name').textContent).toBe('Salim');
  });
});
