import { useLingui } from '@lingui/react/macro';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { CloseIcon } from '../more-icons';
import type { ToastContent } from './toast-queue';
import { toastQueue } from './toast-store';

export { showToast, type ToastContent } from './toast-queue';

// White on green-800 and on red-800 both clear WCAG AA (above 4.5:1).
const variants: Record<ToastContent['variant'], string> = {
  success: 'bg-green-800 text-white',
  error: 'bg-red-800 text-white',
};

/**
 * Where toasts appear: bottom centre (top centre while a modal is open: the `app-toasts` rule
 * in styles/app.css and components/ui/dialog.tsx), at most 420 px wide. Mount it once, in the
 * root layout.
 */
export default function AppToastRegion() {
  const { t } = useLingui();
  return (
    <AriaToastRegion
      queue={toastQueue}
      className="app-toasts fixed inset-x-0 z-50 mx-auto flex w-[calc(100%-2rem)] max-w-[420px] flex-col gap-2 rounded-2xl outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700"
    >
      {({ toast }) => (
        <AriaToast
          toast={toast}
          className={`flex items-start gap-3 rounded-2xl p-4 shadow-lg outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700 ${variants[toast.content.variant]}`}
        >
          <AriaToastContent className="flex min-w-0 flex-1 flex-col gap-0.5 text-start">
            <Text slot="title" className="font-bold">
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className="text-sm">
                {toast.content.description}
              </Text>
            ) : null}
          </AriaToastContent>
          <AriaButton
            slot="close"
            aria-label={t`Close`}
            className="-me-1 -mt-1 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-white outline-none data-[hovered]:bg-white/15 data-[pressed]:bg-white/25 data-[focus-visible]:outline-3 data-[focus-visible]:outline-white"
          >
            <CloseIcon />
          </AriaButton>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
