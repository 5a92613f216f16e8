import type { ReactNode } from 'react';

/**
 * A list of choices, each a checkbox row with its own words (the members to export, the desk's pairs). The caller
 * gives the list's frame (`className`: its height, border) and what to show when nothing is listed (`empty`).
 */
export function CheckList<T>(props: {
  items: readonly T[];
  keyOf(item: T): string;
  checked(item: T): boolean;
  onToggle(item: T, on: boolean): void;
  label(item: T): ReactNode;
  className: string;
  empty?: ReactNode;
}) {
  return (
    <ul className={`overflow-y-auto ${props.className}`}>
      {props.items.map((item) => (
        <li key={props.keyOf(item)}>
          <label className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-slate-50">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={props.checked(item)}
              onChange={(e) => props.onToggle(item, e.target.checked)}
            />
            {props.label(item)}
          </label>
        </li>
      ))}
      {props.items.length === 0 && props.empty}
    </ul>
  );
}
