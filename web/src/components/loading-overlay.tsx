import { Trans } from '@lingui/react/macro';

/** Shown for the moment a lazy panel's code loads (usually instant: it is precached). */
export function LoadingOverlay() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50">
      <p role="status" className="rounded-2xl bg-white px-5 py-3 font-semibold text-teal-800 shadow-lg">
        <Trans>Loading…</Trans>
      </p>
    </div>
  );
}
