import { Trans } from '@lingui/react/macro';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { PlainLink } from './ui/plain-button';

/** Spec: code 404, "page not found", it may have been deleted or moved, and a button back to /. */
export function NotFoundScreen() {
  // The code in the language's digits, like every number in the copy ("٤٠٤" in Arabic).
  const code = formatCount(404, useLanguage());
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-7xl font-bold text-teal-700" aria-hidden="true">
        {code}
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
