// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { cleanup, render, screen } from '@testing-library/react';
import { useIsRestoring } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';

/*
 * The landing page, online, reads nothing from storage (the persisted query cache) before it is
 * idle: its screen asks the network at once; then what an earlier visit left is
 * restored and the cache saved from then on. A shell page restores first, as before.
 */
const calls: string[] = [];
vi.mock('@/lib/query-persistence', () => ({
  hasPersistedQueries: async () => {
    calls.push('has');
    return true;
  },
  restoreQueryCache: async () => {
    calls.push('restore');
  },
  persistQueryCache: () => {
    calls.push('persist');
    return () => undefined;
  },
}));

const idle: (() => void)[] = [];
vi.mock('@/lib/tasks', async (original) => ({
  ...(await original<typeof import('@/lib/tasks')>()),
  whenIdle: (task: () => void) => {
    idle.push(task);
    return () => {};
  },
}));

function Restoring() {
  return <p>{useIsRestoring() ? 'restoring' : 'asking the network'}</p>;
}

// Lingui's provider renders nothing before a language is active.
i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  cleanup();
  calls.length = 0;
  idle.length = 0;
});

describe('AppProviders', () => {
  it("on the landing page, online ('at-idle'), touches no storage before the page is idle", async () => {
    render(
      <AppProviders restore="at-idle">
        <Restoring />
      </AppProviders>,
    );
    expect(screen.getByText('asking the network')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(idle).toHaveLength(1);

    idle[0]!();
    await vi.waitFor(() => expect(calls).toEqual(['has', 'restore', 'persist']));
    expect(screen.getByText('asking the network')).toBeTruthy();
  });

  it('elsewhere, restores what an earlier visit left before the screens ask', async () => {
    render(
      <AppProviders restore>
        <Restoring />
      </AppProviders>,
    );
    expect(screen.getByText('restoring')).toBeTruthy();
    await vi.waitFor(() => expect(calls).toEqual(['restore']));
    expect(await screen.findByText('asking the network')).toBeTruthy();
  });

  it('on a first visit, saves the cache once the page is idle, restoring nothing', async () => {
    render(
      <AppProviders restore={false}>
        <Restoring />
      </AppProviders>,
    );
    expect(screen.getByText('asking the network')).toBeTruthy();
    idle[0]!();
    await vi.waitFor(() => expect(calls).toEqual(['persist']));
  });
});
