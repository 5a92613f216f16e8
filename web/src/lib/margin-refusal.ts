import { errorMessage } from './failure';

/** Is this failure the margin gate's refusal (a 403 whose words the gate wrote)? The pack form and page ask then. */
export function isMarginRefusal(err: unknown): boolean {
  const code = (err as { data?: { code?: string } } | null)?.data?.code;
  return code === 'FORBIDDEN' && /ask for approval/.test(errorMessage(err));
}
