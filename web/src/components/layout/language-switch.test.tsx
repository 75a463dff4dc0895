// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/lib/i18n';
import { LanguageSwitch } from './language-switch';

/**
 * A tap on the language switch is answered in its own frame (the button busy), and the other
 * language's catalogue is evaluated and the page rendered again in it only once that frame is
 * painted (lib/tasks.ts, afterPaint): its INP is that frame, not the page's new render.
 */
describe('the language switch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is busy at once, and changes the language once the frame is painted', async () => {
    await activateLanguage('ar');
    // The browser's frames, held until the test paints one.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    render(
      <I18nProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nProvider>,
    );
    const button = screen.getByRole('button', { name: /^English/ });
    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // A second tap meanwhile does nothing more.
    fireEvent.click(button);
    // No frame painted yet: the page is still in Arabic (before, the catalogue was asked for at
    // the tap, and the page changed language within the same moment).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(i18n.locale).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    act(() => {
      for (const frame of frames.splice(0)) frame(performance.now());
    });
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(i18n.locale).toBe('en');
    const back = await screen.findByRole('button', { name: /^العربية/ });
    expect(back.getAttribute('aria-disabled')).toBeNull();
  });
});
