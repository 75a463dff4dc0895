// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as en } from '@/locales/en.po';
import { PasswordField } from './password-field';

afterEach(cleanup);

function renderField(locale: 'ar-OM' | 'en-OM') {
  const i18n = setupI18n({ locale: 'en', messages: { en } });
  return render(
    <I18nProvider i18n={i18n}>
      <AriaI18nProvider locale={locale}>
        <PasswordField label="Password" errorMessage="Password is required" isInvalid />
      </AriaI18nProvider>
    </I18nProvider>,
  );
}

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, and links the error', () => {
    renderField('en-OM');
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('dir')).toBe('ltr');

    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');

    const error = screen.getByText('Password is required');
    expect((input.getAttribute('aria-describedby') ?? '').split(' ')).toContain(error.id);
  });

  it('puts the toggle on the left in a right-to-left page', () => {
    renderField('ar-OM');
    expect(screen.getByRole('button', { name: 'Show password' }).className).toContain('left-1');
    expect(screen.getByLabelText('Password', { selector: 'input' }).className).toContain('pl-12!');
  });
});
