// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { Router } from '@/lib/router';
import { AppProviders } from './providers';
import { LandingScreen } from './landing-screen';

// react-aria's providers and the whole catalogue, as the landing page asks for them ahead of a
// panel: counted here, so that the test sees when a tap asks for them.
const preloads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/components/aria-scope/aria-scope', async (original) => {
  const module = await original<typeof import('@/components/aria-scope/aria-scope')>();
  return {
    ...module,
    preloadAriaScope: () => {
      preloads.count++;
      module.preloadAriaScope();
    },
  };
});

/**
 * A tap on a landing card is answered in its own frame ("Loading…"), and the panel's code
 * (react-aria's providers, the panels' chunk, the whole catalogue) is asked for, evaluated and
 * rendered only once that frame is painted (lib/tasks.ts, afterPaint): the tap's INP is that
 * frame (bench:web, decision 086).
 */
describe('a tap on a landing card', () => {
  const frames: FrameRequestCallback[] = [];
  const paint = () =>
    act(() => {
      for (const frame of frames.splice(0)) frame(performance.now());
    });

  beforeEach(() => {
    preloads.count = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    // The landing's data (rooms, the session): answered empty, and not what this test is about.
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }));
    // The page's idle work (the other panels made ready, the persisted cache) is not what this
    // test is about: the page is never idle here.
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => {});
    // (What jsdom lacks and the panel's dialog uses.)
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  // (Slow by nature: the panel's whole module graph is transformed for the test.)
  it(
    'shows "Loading…" at once and asks for the panel only after the frame is painted',
    { timeout: 30_000 },
    async () => {
      await activateLanguage('en', { landingOnly: true });
      const { unmount } = render(
        <AppProviders restore={false}>
          <Router ssrPath="/">
            <LandingScreen />
          </Router>
        </AppProviders>,
      );
      const card = screen.getByTestId('landing-card-services');
      fireEvent.pointerEnter(card);
      fireEvent.pointerDown(card);
      fireEvent.focus(card);
      fireEvent.click(card);
      expect(screen.getByText('Loading…')).toBeTruthy();
      expect(preloads.count).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(preloads.count).toBe(0);
      paint();
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(preloads.count).toBeGreaterThan(0);
      // (The test ends once what was asked for has loaded.)
      await import('./landing-panels');
      await import('@/features/services/components/services-panel');
      await import('@/components/aria-scope/aria-providers');
      expect(await screen.findByRole('dialog')).toBeTruthy();
      unmount();
    },
  );
});
