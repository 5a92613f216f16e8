/** Recognises PostgreSQL errors by SQLSTATE, so services can turn them into the spec's messages. */
interface PgError {
  code?: string;
  constraint?: string;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as PgError;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
