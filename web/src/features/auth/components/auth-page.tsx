import type { ReactNode } from 'react';

export const inlineLinkClass =
  'font-semibold text-teal-800 underline underline-offset-4 outline-none data-[hovered]:text-teal-700 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/** The frame of the account screens: the hotel logo, a heading and one white card, centred. */
export function AuthPage({
  title,
  intro,
  children,
  footer,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col items-center gap-3 text-center">
        <img src="/icon.svg" alt="" width={72} height={72} className="rounded-2xl shadow-sm" />
        <h1 className="text-3xl font-bold text-teal-800">{title}</h1>
        {intro ? <p className="text-slate-700">{intro}</p> : null}
      </div>
      <div className="flex flex-col gap-5 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
        {children}
      </div>
      {footer}
    </main>
  );
}
