import type { ChangeEvent } from 'react';

/** The keys of a form's state that hold text. */
type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * Binds text inputs to fields of one form's state: `field('email')` is the value, the field's error and the
 * change handler a TextField takes, so a form's fields differ only in what differs (label, type, autocomplete).
 */
export function formBinding<F>(
  form: F,
  errors: Partial<Record<keyof F, string>>,
  set: (key: TextKeys<F>, value: string) => void,
) {
  return (key: TextKeys<F>) => ({
    value: form[key] as string,
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
  });
}

/** A text input bound to one piece of state: its value and its change handler. */
export function textBinding(value: string, set: (value: string) => void) {
  return { value, onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.target.value) };
}
