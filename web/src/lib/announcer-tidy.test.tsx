import { act, render } from '@testing-library/react';
import { Button } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { keepAnnouncerTidy } from './announcer-tidy';

const labelled = () => document.querySelectorAll('[data-live-announcer] [role="img"][aria-labelledby]');

describe('keepAnnouncerTidy', () => {
  it('removes the announcement of a pending button once the button is gone, not before', async () => {
    const stop = keepAnnouncerTidy();
    function Screen({ pending, shown }: { pending: boolean; shown: boolean }) {
      return shown ? <Button isPending={pending}>Open the statistics</Button> : <p>The dashboard</p>;
    }
    const view = render(<Screen pending={false} shown />);
    act(() => view.getByRole('button').focus());
    // Pending while focused: react-aria announces the button by reference (role="img", aria-labelledby).
    view.rerender(<Screen pending shown />);
    await vi.waitFor(() => expect(labelled()).toHaveLength(1));
    // The button is still there: its announcement stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(labelled()).toHaveLength(1);
    // The screen replaces the button: the announcement goes with it.
    view.rerender(<Screen pending shown={false} />);
    await vi.waitFor(() => expect(labelled()).toHaveLength(0));
    stop();
  });
});
