// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import PushOptIn from './push-opt-in';

/**
 * The "hear from us on this device?" card, offered after a booking kept on the phone: turning
 * notifications on needs the network, so offline it waits, and it appears once the network is back.
 */

let online = false;
beforeEach(() => {
  online = false;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  // jsdom has no layout: the card is brought into view when it appears.
  Element.prototype.scrollIntoView = vi.fn();
  i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
});
afterEach(cleanup);

describe('PushOptIn', () => {
  it('waits while offline and appears when the network returns', () => {
    render(
      <I18nProvider i18n={i18n}>
        <PushOptIn />
      </I18nProvider>,
    );
    expect(screen.queryByTestId('push-opt-in')).toBeNull();

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByTestId('push-opt-in').textContent).toContain('تفعيل الإشعارات');

    // Gone again if the network goes before the guest answers: it could not be turned on.
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
  });
});
