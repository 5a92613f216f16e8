import type { ChangeEvent } from 'react';
import { TextField } from './ui';

interface Binding {
  value: string;
  error?: string | undefined;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

/** A new password and its confirmation, as sign-up, joining a team and a password reset ask for them. */
export function NewPasswordFields({
  password,
  confirm,
  label = 'Password',
  hint,
}: {
  password: Binding;
  confirm: Binding;
  label?: string;
  hint?: string;
}) {
  return (
    <>
      <TextField label={label} type="password" autoComplete="new-password" hint={hint} {...password} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}
