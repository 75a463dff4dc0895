import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LinkButton } from './ui/button';

/**
 * An honest frame for a screen that is not built yet: its title, what it
 * will hold, and a way back. It shows no invented data.
 */
export function PlannedScreen({
  title,
  children,
  backHref = '/',
}: {
  title: ReactNode;
  children: ReactNode;
  backHref?: string;
}) {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-teal-800">{title}</h1>
      <section
        aria-labelledby="planned-heading"
        className="rounded-2xl border border-dashed border-teal-700/40 bg-white p-6"
      >
        <h2 id="planned-heading" className="mb-3 text-lg font-semibold text-slate-800">
          <Trans>This screen is being built. It will hold:</Trans>
        </h2>
        <div className="text-slate-700 [&_li]:ms-5 [&_li]:list-disc [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5">
          {children}
        </div>
      </section>
      <div>
        <LinkButton href={backHref} variant="secondary">
          <Trans>Back</Trans>
        </LinkButton>
      </div>
    </main>
  );
}
