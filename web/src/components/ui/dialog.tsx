import { useLingui } from '@lingui/react/macro';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import {
  Button as AriaButton,
  Dialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';
import { CloseIcon } from '../more-icons';
import { clearToasts } from './toast-queue';
// Loads the toasts' queue with the dialogs, so a toast shown now is closed by the next dialog.
import './toast-store';

type Size = 'sm' | 'md' | 'lg' | 'wide' | 'xl';

// Full width on a phone (390 px), a comfortable column on a tablet (820 px), wider on desktop (1280 px).
// `xl` is the spec's panel: 1100x850 on desktop, nearly full-screen below 768 px; `wide` is as
// wide but only as tall as its content.
const overlays: Record<Size, string> = {
  sm: 'sm:items-center sm:p-6',
  md: 'sm:items-center sm:p-6',
  lg: 'sm:items-center sm:p-6',
  wide: 'md:items-center md:p-6',
  xl: 'md:items-center md:p-6',
};
const sizes: Record<Size, string> = {
  sm: 'max-h-[92dvh] sm:max-h-[85dvh] sm:rounded-2xl sm:max-w-md',
  md: 'max-h-[92dvh] sm:max-h-[85dvh] sm:rounded-2xl sm:max-w-xl',
  lg: 'max-h-[92dvh] sm:max-h-[85dvh] sm:rounded-2xl sm:max-w-2xl lg:max-w-4xl',
  wide: 'max-h-[96dvh] md:max-h-[min(850px,92dvh)] md:rounded-2xl md:max-w-[1100px]',
  xl: 'h-[96dvh] md:h-[min(850px,92dvh)] md:rounded-2xl md:max-w-[1100px]',
};

/**
 * The classes of a modal's parts, by size: the app's modal below, and the booking form drawn before
 * the app as its copy (app/prerender.tsx renderBookForm, lib/drawn-book.ts).
 */
export function modalClasses(size: Size) {
  return {
    overlay: `fixed inset-0 z-40 flex items-end justify-center bg-slate-900/50 p-0 ${overlays[size]}`,
    modal: `w-full overflow-y-auto overscroll-contain rounded-t-2xl bg-white shadow-xl outline-none ${sizes[size]}`,
    dialog: 'relative flex flex-col gap-4 px-5 pb-5 outline-none sm:px-6 sm:pb-6',
    header:
      'sticky top-0 z-10 -mx-5 flex items-start justify-between gap-3 bg-white px-5 pt-5 pb-1 sm:-mx-6 sm:px-6 sm:pt-6',
    title: 'text-xl font-bold text-teal-800',
    close:
      '-me-2 -mt-1 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-700 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700',
  };
}

export interface ModalProps extends Omit<ModalOverlayProps, 'children' | 'className'> {
  /** The dialog's heading; it also names the dialog for screen readers. */
  title: ReactNode;
  size?: Size;
  children: ReactNode | ((renderProps: { close: () => void }) => ReactNode);
}

/**
 * A modal dialog over a dimmed backdrop. Escape, the close button and (by
 * default) a click on the backdrop close it; focus stays inside while open and
 * page scroll is locked. Open it with a DialogTrigger or `isOpen`/`onOpenChange`.
 */
export function Modal({ title, size = 'md', children, isDismissable = true, ...props }: ModalProps) {
  const { t } = useLingui();
  const headerRef = useRef<HTMLDivElement>(null);
  const classes = modalClasses(size);
  return (
    <ModalOverlay {...props} isDismissable={isDismissable} className={classes.overlay}>
      <AriaModal className={classes.modal}>
        <Dialog className={classes.dialog}>
          {({ close }) => (
            <>
              {/* The heading and the close button stay in view while a long panel scrolls. */}
              <div ref={headerRef} className={classes.header}>
                <Heading slot="title" level={2} className={classes.title}>
                  {title}
                </Heading>
                <AriaButton slot="close" aria-label={t`Close`} className={classes.close}>
                  <CloseIcon />
                </AriaButton>
              </div>
              {/* After the header: its ref is set when this one's layout effect reads it. */}
              <ModalToasts headerRef={headerRef} />
              {typeof children === 'function' ? children({ close }) : children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

/*
 * Toasts and modals. While a modal is open, toasts show near the
 * top of the screen (`html[data-modal-open] .app-toasts` in styles/app.css): at the bottom they
 * would cover a bottom sheet's fields and its submit button. They never cover the open dialog's
 * title and close button: above the sheet where there is room for them, else just under its
 * header (`--toast-top`, toastTop below). A modal opening clears the toasts of what came before
 * it, so one modal's toast does not stay over the next, except one marked `keep` (a result that
 * leads to the next screen); a toast shown as a modal closes (its action's result, success or
 * error) stays to be read. Kept here, in the dialogs' chunk, not in the landing's first script.
 */
const openHeaders: RefObject<HTMLElement | null>[] = [];

/** Room a toast needs above a sheet (px): a title and two lines of text. */
export const TOAST_ROOM_PX = 150;
const GAP_PX = 8;

/**
 * Where toasts go while a dialog is open (px from the top of the screen): over the dimmed
 * backdrop above the dialog when there is room, else just under the dialog's sticky header.
 */
export function toastTop(dialogTop: number, headerBottom: number): number {
  return dialogTop >= TOAST_ROOM_PX + GAP_PX ? GAP_PX : Math.max(0, Math.round(headerBottom)) + GAP_PX;
}

function placeToasts() {
  const root = document.documentElement;
  const header = openHeaders.at(-1)?.current;
  if (!header) return root.style.removeProperty('--toast-top');
  // The sheet: the scrolling box around the dialog (its top stays put while it scrolls).
  const sheet = header.closest('[role="dialog"]')?.parentElement ?? header;
  const top = toastTop(sheet.getBoundingClientRect().top, header.getBoundingClientRect().bottom);
  root.style.setProperty('--toast-top', `${top}px`);
}

/** Rendered only while the dialog is open. */
function ModalToasts({ headerRef }: { headerRef: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    clearToasts({ exceptKept: true });
    openHeaders.push(headerRef);
    document.documentElement.setAttribute('data-modal-open', '');
    // The sheet grows and shrinks with its content, and the window turns: follow its header. The
    // observer's first call, once the browser has laid the dialog out anyway, places the toasts:
    // measuring here would make it lay the whole page out at once (about 30 ms on a slow phone, as
    // the landing's panels open).
    const dialog = headerRef.current?.closest('[role="dialog"]');
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(placeToasts);
    if (dialog && observer) observer.observe(dialog);
    else placeToasts();
    window.addEventListener('resize', placeToasts);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', placeToasts);
      openHeaders.splice(openHeaders.indexOf(headerRef), 1);
      if (openHeaders.length === 0) document.documentElement.removeAttribute('data-modal-open');
      placeToasts();
    };
  }, [headerRef]);
  return null;
}
