import { type ReactNode, useId } from 'react';

/** A compact field's control: the schedules' selects, the landing page's calculator demo. */
export const FIELD_CONTROL = 'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

/** A label above its control (which takes the label's id from `children`), and a hint under it. */
export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string | undefined;
  children(id: string): ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

/** A select's options: each of `values`, shown as `text(value)`. */
export function Options<T extends string | number>({ values, text }: { values: readonly T[]; text(value: T): string }) {
  return values.map((v) => (
    <option key={v} value={v}>
      {text(v)}
    </option>
  ));
}
