// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { ConfirmationEmailField } from './guest-fields';

afterEach(cleanup);

describe('ConfirmationEmailField', () => {
  it('names the account’s address in an Arabic sentence isolated left to right, never broken at its hyphen', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
    render(
      <I18nProvider i18n={i18n}>
        <ConfirmationEmailField value="" onChange={() => {}} accountEmail="g-17957@example.com" />
      </I18nProvider>,
    );
    expect(screen.getByText(/^اتركه فارغاً/).textContent).toBe(
      'اتركه فارغاً لتصلك الرسائل على \u2066g-\u206017957@example.com\u2069.',
    );
  });
});
