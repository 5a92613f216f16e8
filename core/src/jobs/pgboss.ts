/** Where pg-boss keeps its tables, and how pg-boss runs its SQL through one of our Kysely handles. */
export { pgBossExecutor } from '../queries/jobs/executor';

/**
 * pg-boss 12's schema, created by sql/migrations/0047_pgboss_v12.sql (pg-boss 10's `pgboss` of 0008 cannot be
 * migrated: see that file); later pg-boss 12 releases upgrade it themselves when the worker starts.
 */
export const JOBS_SCHEMA = 'pgboss_v12';

/** pg-boss's job table, for the read-only figures of readiness and metrics. */
export const JOBS_TABLE = `${JOBS_SCHEMA}.job`;

/** Its queues (one row each, empty or not), so metrics can report an empty queue as 0. */
export const QUEUES_TABLE = `${JOBS_SCHEMA}.queue`;
