/**
 * The quick booking panel drawn before the app (docs/decisions/099-landing-first-second.md, "the
 * quick booking panel before the app"): the quick booking card tapped before the app has started
 * shows the panel with its rooms at once, as a copy of the app's own markup (app/prerender.tsx
 * renderQuickPanel, drawn by app/quick-panel-draw.ts from the rooms the landing page drew). The
 * app's panel, once its code and rooms are there, takes the copy over in the frame it is drawn in
 * (`takeDrawnPanel`): closed on the copy, it closes; a room's Book pressed there opens its form; it
 * starts on the carousel's slide the copy showed.
 */

/** Where the drawn panel's state is (a property of `window`). */
export const DRAWN_PANEL = '__drawnPanel';

/** The id of the drawn panel's outermost element (its backdrop). */
export const DRAWN_PANEL_ID = 'drawn-panel';

/** What was pressed on the copy: a room's Book (its type), the quick booking form, or nothing. */
export type DrawnPanelPress = { book: string } | 'form' | null;

/** The drawn panel, as the page keeps it until the app takes it over. */
export type DrawnPanelState = {
  /** The backdrop with the dialog (not on the page until the stylesheet has loaded). */
  element: Element;
  /** The guest closed it (its close button, Escape, the backdrop): the app does not open the panel. */
  closed: boolean;
  pressed: DrawnPanelPress;
  /** The carousel's slide shown on the copy (its dots and arrows move it). */
  slide: number;
  /** Takes the copy off the page, with its hold on the page (scroll, the header). */
  release: () => void;
};

export type DrawnPanelTake =
  | { closed: true }
  | {
      closed: false;
      pressed: DrawnPanelPress;
      slide: number;
      /**
       * The place among the carousel's controls of the one with the focus (a dot, an arrow); -1 for
       * the last (Next: the app's has no Pause before it when the device asks for less motion).
       */
      focus?: number;
      /** Whether that focus was shown (reached by the keyboard), not a tap's. */
      focusShown?: boolean;
    };

/** The carousel's controls (the arrows, a dot per room, Pause), the same on the copy and the app's. */
export const CAROUSEL_CONTROLS = '[data-testid="room-carousel-controls"] button';

/** The drawn panel; null once the app's panel is there (no copy is drawn then). */
const page = () => window as { [DRAWN_PANEL]?: DrawnPanelState | null };

/**
 * Whether a drawn panel waits for the app's panel, which is being drawn: either way, no copy is
 * drawn from now on (a copy drawn later would stay over the app's panel).
 */
export function takingDrawnPanel(): boolean {
  const open = !!page()[DRAWN_PANEL];
  if (!open) page()[DRAWN_PANEL] = null;
  return open;
}

/**
 * Takes the drawn panel off the page, once: what the guest did in it, or null when there is none
 * (or it was taken already). Called in the app's panel's first layout effect, so that the copy
 * goes in the frame the panel comes in, its hold on the page let go before the app's panel takes
 * one (react-aria's modal restores, as it closes, what it found).
 */
export function takeDrawnPanel(): DrawnPanelTake | null {
  const state = page()[DRAWN_PANEL];
  if (!state) return null;
  page()[DRAWN_PANEL] = null;
  const controls = [...state.element.querySelectorAll(CAROUSEL_CONTROLS)];
  const active = document.activeElement;
  const at = active ? controls.indexOf(active) : -1;
  const focusShown = at >= 0 && active!.matches(':focus-visible');
  const focus = at === controls.length - 1 ? -1 : at;
  state.release();
  if (state.closed) return { closed: true };
  return {
    closed: false,
    pressed: state.pressed,
    slide: state.slide,
    ...(at >= 0 && { focus, focusShown }),
  };
}
