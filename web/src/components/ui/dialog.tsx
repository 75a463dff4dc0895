import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';

type Size = 'sm' | 'md' | 'lg';

// Full width on a phone (390 px), a comfortable column on a tablet (820 px), wider on desktop (1280 px).
const widths: Record<Size, string> = {
  sm: 'sm:max-w-md',
  md: 'sm:max-w-xl',
  lg: 'sm:max-w-2xl lg:max-w-4xl',
};

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
  return (
    <ModalOverlay
      {...props}
      isDismissable={isDismissable}
      className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-6"
    >
      <AriaModal
        className={`max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-xl outline-none sm:max-h-[85dvh] sm:rounded-2xl ${widths[size]}`}
      >
        <Dialog className="relative flex flex-col gap-4 p-5 outline-none sm:p-6">
          {({ close }) => (
            <>
              <div className="flex items-start justify-between gap-3">
                <Heading slot="title" className="text-xl font-bold text-teal-800">
                  {title}
                </Heading>
                <AriaButton
                  slot="close"
                  aria-label={t`Close`}
                  className="-me-2 -mt-1 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-700 outline-none data-[hovered]:bg-sand-100 data-[pressed]:bg-sand-200 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
                >
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
                    <path
                      fill="currentColor"
                      d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z"
                    />
                  </svg>
                </AriaButton>
              </div>
              {typeof children === 'function' ? children({ close }) : children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
