export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

// react-aria marks keyboard focus, hover and press with data-* attributes; plain <a> and <button>
// elements styled with buttonClass (external links, the header's buttons in the landing page's
// first script) get the same look through :focus-visible, :hover, :active and :disabled.

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-base font-semibold transition-colors cursor-pointer select-none no-underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 disabled:cursor-not-allowed disabled:opacity-50 data-[pending]:cursor-wait data-[pending]:opacity-70';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-teal-700 text-white data-[hovered]:bg-teal-800 data-[pressed]:bg-teal-800 hover:bg-teal-800 active:bg-teal-800',
  secondary: 'bg-white text-teal-800 ring-1 ring-teal-700/40 data-[hovered]:bg-sand-100 hover:bg-sand-100',
  ghost: 'bg-transparent text-teal-800 data-[hovered]:bg-sand-100 hover:bg-sand-100',
  danger: 'bg-red-700 text-white data-[hovered]:bg-red-800 hover:bg-red-800',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `${base} ${variants[variant]} ${extra}`;
}
