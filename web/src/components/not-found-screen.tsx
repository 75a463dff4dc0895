import { Trans } from '@lingui/react/macro';
import { PlainLink } from './ui/plain-button';

/** Spec: code 404, "page not found", it may have been deleted or moved, and a button back to /. */
export function NotFoundScreen() {
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-7xl font-bold text-teal-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Page not found</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>The page you are looking for may have been deleted or moved.</Trans>
      </p>
      <PlainLink href="/">
        <Trans>Back to home</Trans>
      </PlainLink>
    </main>
  );
}
