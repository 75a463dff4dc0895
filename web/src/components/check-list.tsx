/** A list of features or perks, each with a check mark (room cards, offers, the points screens). */
export function CheckList({
  items,
  className = 'flex flex-col gap-1 text-sm text-slate-800',
}: {
  items: readonly string[];
  className?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <span aria-hidden="true" className="text-teal-700">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
