-- pg-boss 12 (issue 23): its schema version 46 in a new schema, `pgboss_v12`, beside pg-boss 10's `pgboss` (version
-- 24). pg-boss 11 and 12 cannot migrate a version-24 schema (their migrations start at 25, a rewrite of the job
-- table: timgit/pg-boss#590), so the upgrade is a cutover: this file creates the new schema, the jobs that were
-- waiting or running in the old one move across (`jobs_move_from_pgboss_v10`), and the worker moves any that an
-- older process still writes there during a rolling deploy (worker/src/jobs/legacy.ts). Schedules are not copied:
-- every worker writes its definitions' schedules at start. A later migration drops `pgboss` once no pg-boss 10
-- process can run (docs/operations.md, Upgrade).
--
-- The schema is generated, not hand-written (run in worker/):
--   node --input-type=module -e "import {getConstructionPlans} from 'pg-boss'; console.log(getConstructionPlans('pgboss_v12'))"
-- with the plan's own BEGIN / SET LOCAL / COMMIT removed, because the migrator already runs each file in a
-- transaction. Later pg-boss 12 releases migrate it themselves when the worker starts (migrate: true).
-- sql/src/codegen leaves both schemas out of the generated Kysely types: only pg-boss reads and writes them.

    SELECT pg_advisory_xact_lock(('x' || encode(sha224((current_database() || '.pgboss.pgboss_v12')::bytea), 'hex'))::bit(64)::bigint);
CREATE SCHEMA IF NOT EXISTS pgboss_v12;

    CREATE TYPE pgboss_v12.job_state AS ENUM (
      'created',
      'retry',
      'active',
      'completed',
      'cancelled',
      'failed'
    )
  ;

    CREATE FUNCTION pgboss_v12.job_now()
    RETURNS timestamp with time zone AS
    $$
      SELECT pg_catalog.now();
    $$
    LANGUAGE sql STABLE;
  ;

    CREATE TABLE pgboss_v12.version (
      version int primary key,
      cron_on timestamp with time zone,
      bam_on timestamp with time zone,
      flow_on timestamp with time zone,
      reindex_on timestamp with time zone,
      monitor_backoff_on timestamp with time zone
    )
  ;

    CREATE TABLE pgboss_v12.queue (
      name text NOT NULL,
      policy text NOT NULL,
      retry_limit int NOT NULL,
      retry_delay int NOT NULL,
      retry_backoff bool NOT NULL,
      retry_delay_max int,
      expire_seconds int NOT NULL,
      retention_seconds int NOT NULL,
      deletion_seconds int NOT NULL,
      dead_letter text REFERENCES pgboss_v12.queue (name) CHECK (dead_letter IS DISTINCT FROM name),
      partition bool NOT NULL,
      table_name text NOT NULL,
      deferred_count int NOT NULL default 0,
      blocked_count int NOT NULL default 0,
      queued_count int NOT NULL default 0,
      ready_count int NOT NULL default 0,
      warning_queued int NOT NULL default 0,
      active_count int NOT NULL default 0,
      failed_count int NOT NULL default 0,
      total_count int NOT NULL default 0,
      retained_count int,
      retained_on timestamp with time zone,
      created_delta int NOT NULL default 0,
      completed_delta int NOT NULL default 0,
      failed_delta int NOT NULL default 0,
      delta_on timestamp with time zone,
      delta_seconds int,
      wait_bins int[],
      run_bins int[],
      ready_oldest_seconds int,
      ready_history int[] NOT NULL default '{}',
      heartbeat_seconds int,
      notify bool NOT NULL DEFAULT false,
      singletons_active text[],
      monitor_claim_on timestamp with time zone,
      monitor_on timestamp with time zone,
      maintain_on timestamp with time zone,
      created_on timestamp with time zone not null default now(),
      updated_on timestamp with time zone not null default now(),
      PRIMARY KEY (name)
    )
  ;

    CREATE TABLE pgboss_v12.schedule (
      name text REFERENCES pgboss_v12.queue ON DELETE CASCADE,
      key text not null DEFAULT '',
      kind text not null DEFAULT 'cron' CHECK (kind IN ('cron', 'rrule')),
      cron text not null,
      timezone text DEFAULT 'UTC',
      data jsonb,
      options jsonb,
      created_on timestamp with time zone not null default now(),
      updated_on timestamp with time zone not null default now(),
      last_job_id uuid,
      PRIMARY KEY (name, key)
    )
  ;

    CREATE TABLE pgboss_v12.subscription (
      event text not null,
      name text not null REFERENCES pgboss_v12.queue ON DELETE CASCADE,
      created_on timestamp with time zone not null default now(),
      updated_on timestamp with time zone not null default now(),
      PRIMARY KEY(event, name)
    )
  ;

    CREATE TABLE pgboss_v12.bam (
      id uuid PRIMARY KEY default gen_random_uuid(),
      name text NOT NULL,
      version int NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      queue text,
      table_name text NOT NULL,
      command text NOT NULL,
      error text,
      created_on timestamp with time zone NOT NULL DEFAULT clock_timestamp(),
      started_on timestamp with time zone,
      completed_on timestamp with time zone
    )
  ;

    CREATE FUNCTION pgboss_v12.job_table_format(command text, table_name text)
    RETURNS text AS
    $$
      SELECT format(
        regexp_replace(
          regexp_replace(command, '\.job\y', '.%1$I', 'g'),
          '\yjob_i(\d+)', '%1$s_i\1', 'g'
        ),
        table_name
      );
    $$
    LANGUAGE sql IMMUTABLE;
  ;

    CREATE FUNCTION pgboss_v12.job_table_run(command text, tbl_name text DEFAULT NULL, queue_name text DEFAULT NULL)
    RETURNS VOID AS
    $$
    DECLARE
      tbl RECORD;
    BEGIN
      IF queue_name IS NOT NULL THEN
        SELECT table_name INTO tbl_name FROM pgboss_v12.queue WHERE name = queue_name;
      END IF;

      IF tbl_name IS NOT NULL THEN
        EXECUTE pgboss_v12.job_table_format(command, tbl_name);
        RETURN;
      END IF;

      EXECUTE pgboss_v12.job_table_format(command, 'job_common');

      FOR tbl IN SELECT table_name FROM pgboss_v12.queue WHERE partition = true
      LOOP
        EXECUTE pgboss_v12.job_table_format(command, tbl.table_name);
      END LOOP;
    END;
    $$
    LANGUAGE plpgsql;
  ;

    CREATE FUNCTION pgboss_v12.job_table_run_async(command_name text, version int, command text, tbl_name text DEFAULT NULL, queue_name text DEFAULT NULL)
    RETURNS VOID AS
    $$
    BEGIN
      IF queue_name IS NOT NULL THEN
        SELECT table_name INTO tbl_name FROM pgboss_v12.queue WHERE name = queue_name;
      END IF;

      IF tbl_name IS NOT NULL THEN
        INSERT INTO pgboss_v12.bam (name, version, status, queue, table_name, command)
        VALUES (
          command_name,
          version,
          'pending',
          queue_name,
          tbl_name,
          pgboss_v12.job_table_format(command, tbl_name)
        );
        RETURN;
      END IF;

      INSERT INTO pgboss_v12.bam (name, version, status, queue, table_name, command)
      SELECT
        command_name,
        version,
        'pending',
        NULL,
        'job_common',
        pgboss_v12.job_table_format(command, 'job_common')
      UNION ALL
      SELECT
        command_name,
        version,
        'pending',
        queue.name,
        queue.table_name,
        pgboss_v12.job_table_format(command, queue.table_name)
      FROM pgboss_v12.queue
      WHERE partition = true;
    END;
    $$
    LANGUAGE plpgsql;
  ;

    CREATE TABLE pgboss_v12.job (
      id uuid not null default gen_random_uuid(),
      name text not null,
      priority integer not null default(0),
      data jsonb,
      state pgboss_v12.job_state not null default 'created',
      retry_limit integer not null default 2,
      retry_count integer not null default 0,
      retry_delay integer not null default 0,
      retry_backoff boolean not null default false,
      retry_delay_max integer,
      expire_seconds int not null default 900,
      deletion_seconds int not null default 604800,
      singleton_key text,
      singleton_on timestamp without time zone,
      group_id text,
      group_tier text,
      start_after timestamp with time zone not null default now(),
      created_on timestamp with time zone not null default now(),
      started_on timestamp with time zone,
      completed_on timestamp with time zone,
      keep_until timestamp with time zone NOT NULL default now() + interval '1209600',
      output jsonb,
      dead_letter text,
      policy text,
      heartbeat_on timestamp with time zone,
      heartbeat_seconds int,
      blocked boolean not null default false,
      blocking boolean not null default false,
      pending_dependencies int not null default 0,
      source_name text,
      source_id uuid,
      source_created_on timestamp with time zone,
      source_retry_count int,
      source_output jsonb,
      source_root_id uuid,
      trace_context jsonb,
      upsert_by_key bool
    ) PARTITION BY LIST (name)
  ;
ALTER TABLE pgboss_v12.job ADD PRIMARY KEY (name, id);

    CREATE TABLE pgboss_v12.job_common (LIKE pgboss_v12.job INCLUDING GENERATED INCLUDING DEFAULTS);

    SELECT pgboss_v12.job_table_run($cmd$ALTER TABLE pgboss_v12.job ADD PRIMARY KEY (name, id)$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$ALTER TABLE pgboss_v12.job ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss_v12.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$ALTER TABLE pgboss_v12.job ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss_v12.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE UNIQUE INDEX job_i1 ON pgboss_v12.job (name, COALESCE(singleton_key, '')) WHERE state = 'created' AND policy = 'short'$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE UNIQUE INDEX job_i2 ON pgboss_v12.job (name, COALESCE(singleton_key, '')) WHERE state = 'active' AND policy = 'singleton'$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE UNIQUE INDEX job_i3 ON pgboss_v12.job (name, state, COALESCE(singleton_key, '')) WHERE state <= 'active' AND policy = 'stately'$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE UNIQUE INDEX job_i6 ON pgboss_v12.job (name, COALESCE(singleton_key, '')) WHERE state <= 'active' AND policy = 'exclusive'$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE UNIQUE INDEX job_i8 ON pgboss_v12.job (name, singleton_key) WHERE state IN ('active', 'retry', 'failed') AND policy = 'key_strict_fifo'$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i10 ON pgboss_v12.job (name, singleton_key, state DESC, created_on, id) INCLUDE (start_after) WHERE state < 'active' AND NOT blocked AND policy = 'key_strict_fifo'$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$ALTER TABLE pgboss_v12.job ADD CONSTRAINT job_key_strict_fifo_singleton_key_check CHECK (NOT (policy = 'key_strict_fifo' AND singleton_key IS NULL))$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE UNIQUE INDEX job_i4 ON pgboss_v12.job (name, singleton_on, COALESCE(singleton_key, '')) WHERE state <> 'cancelled' AND singleton_on IS NOT NULL$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i11 ON pgboss_v12.job (name, priority DESC, created_on, start_after) WHERE state < 'active' AND NOT blocked$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i7 ON pgboss_v12.job (name, group_id) WHERE state = 'active' AND group_id IS NOT NULL$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i9 ON pgboss_v12.job (name, id) WHERE blocking AND state = 'completed'$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i12 ON pgboss_v12.job (source_root_id) WHERE source_root_id IS NOT NULL$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE UNIQUE INDEX job_i13 ON pgboss_v12.job (name, singleton_key) WHERE state = 'created' AND upsert_by_key$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i14 ON pgboss_v12.job (name, state, blocked, start_after) WHERE state IN ('created', 'retry', 'active', 'failed')$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i15 ON pgboss_v12.job (name, created_on)$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i16 ON pgboss_v12.job (name, completed_on) WHERE completed_on IS NOT NULL$cmd$, 'job_common');
    SELECT pgboss_v12.job_table_run($cmd$CREATE INDEX job_i17 ON pgboss_v12.job (name, singleton_key, created_on) WHERE state < 'active' AND singleton_key IS NOT NULL$cmd$, 'job_common');

    ALTER TABLE pgboss_v12.job ATTACH PARTITION pgboss_v12.job_common DEFAULT;
  ;

    CREATE TABLE pgboss_v12.warning (
      id uuid PRIMARY KEY default gen_random_uuid(),
      type text NOT NULL,
      message text NOT NULL,
      data jsonb,
      created_on timestamp with time zone NOT NULL DEFAULT now()
    )
  ;
CREATE INDEX warning_i1 ON pgboss_v12.warning (created_on DESC);

    CREATE TABLE pgboss_v12.queue_stats (
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      name text NOT NULL,
      deferred_count int NOT NULL DEFAULT 0,
      queued_count   int NOT NULL DEFAULT 0,
      ready_count    int NOT NULL DEFAULT 0,
      active_count   int NOT NULL DEFAULT 0,
      failed_count   int NOT NULL DEFAULT 0,
      total_count    int NOT NULL DEFAULT 0,
      created_delta   int,
      completed_delta int,
      failed_delta    int,
      delta_seconds   int,
      delta_on        timestamptz,
      wait_bins       int[],
      run_bins        int[],
      ready_oldest_seconds int,
      captured_on timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, captured_on)
    ) PARTITION BY RANGE (captured_on)
  ;
CREATE INDEX queue_stats_i1 ON pgboss_v12.queue_stats (name, captured_on DESC) INCLUDE (deferred_count, queued_count, ready_count, active_count, failed_count, total_count);
;

    DO $$
    DECLARE
      d date;
      i int;
      part_name text;
    BEGIN
      FOR i IN 0..1 LOOP
        d := (pgboss_v12.job_now() AT TIME ZONE 'UTC')::date + i;
        part_name := 'queue_stats_' || to_char(d, 'YYYYMMDD');
        IF NOT EXISTS (
          SELECT 1 FROM pg_class c
          JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'pgboss_v12' AND c.relname = part_name
        ) THEN
          EXECUTE format(
            'CREATE TABLE pgboss_v12.%I PARTITION OF pgboss_v12.queue_stats FOR VALUES FROM (%L) TO (%L)',
            part_name,
            to_char(d, 'YYYY-MM-DD') || ' 00:00:00+00',
            to_char(d + 1, 'YYYY-MM-DD') || ' 00:00:00+00'
          );
        END IF;
      END LOOP;
    END;
    $$
  ;

    CREATE TABLE pgboss_v12.job_dependency (
      child_name text NOT NULL,
      child_id uuid NOT NULL,
      parent_name text NOT NULL,
      parent_id uuid NOT NULL,
      PRIMARY KEY (child_name, child_id, parent_name, parent_id)
    )
  ;
CREATE INDEX IF NOT EXISTS job_dep_parent_idx ON pgboss_v12.job_dependency (parent_name, parent_id);

    CREATE TABLE pgboss_v12.instance (
      id uuid PRIMARY KEY,
      name text,
      host text NOT NULL,
      pid int NOT NULL,
      version text NOT NULL,
      node_version text NOT NULL,
      application_name text,
      heartbeat_seconds int NOT NULL,
      supervise bool NOT NULL,
      schedule bool NOT NULL,
      migrate bool NOT NULL,
      persist_queue_stats bool NOT NULL,
      persist_warnings bool NOT NULL,
      pool_max int,
      pool_total int,
      pool_idle int,
      pool_waiting int,
      workers jsonb NOT NULL DEFAULT '[]'::jsonb,
      metrics jsonb,
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      crash_restarts int NOT NULL DEFAULT 0,
      crash_restarts_since timestamptz,
      started_on timestamptz NOT NULL DEFAULT now(),
      heartbeat_on timestamptz NOT NULL DEFAULT now(),
      stopped_on timestamptz
    )
  ;

    CREATE FUNCTION pgboss_v12.create_queue(queue_name text, options jsonb)
    RETURNS VOID AS
    $$
    DECLARE
      tablename varchar := CASE WHEN options->>'partition' = 'true'
                            THEN 'j' || encode(sha224(queue_name::bytea), 'hex')
                            ELSE 'job_common'
                            END;
      queue_created_on timestamptz;
    BEGIN

      WITH q as (
        INSERT INTO pgboss_v12.queue (
          name,
          policy,
          retry_limit,
          retry_delay,
          retry_backoff,
          retry_delay_max,
          expire_seconds,
          retention_seconds,
          deletion_seconds,
          warning_queued,
          dead_letter,
          partition,
          table_name,
          heartbeat_seconds,
          notify,
          created_on,
          updated_on
        )
        VALUES (
          queue_name,
          options->>'policy',
          COALESCE((options->>'retryLimit')::int, 2),
          COALESCE((options->>'retryDelay')::int, 0),
          COALESCE((options->>'retryBackoff')::bool, false),
          (options->>'retryDelayMax')::int,
          COALESCE((options->>'expireInSeconds')::int, 900),
          COALESCE((options->>'retentionSeconds')::int, 1209600),
          COALESCE((options->>'deleteAfterSeconds')::int, 604800),
          COALESCE((options->>'warningQueueSize')::int, 0),
          options->>'deadLetter',
          COALESCE((options->>'partition')::bool, false),
          tablename,
          (options->>'heartbeatSeconds')::int,
          COALESCE((options->>'notify')::bool, false),
          pgboss_v12.job_now(),
          pgboss_v12.job_now()
        )
        ON CONFLICT DO NOTHING
        RETURNING created_on
      )
      SELECT created_on into queue_created_on from q;

      IF queue_created_on IS NULL OR options->>'partition' IS DISTINCT FROM 'true' THEN
        RETURN;
      END IF;

      EXECUTE format('CREATE TABLE pgboss_v12.%I (LIKE pgboss_v12.job INCLUDING DEFAULTS)', tablename);

      EXECUTE pgboss_v12.job_table_format($cmd$ALTER TABLE pgboss_v12.job ADD PRIMARY KEY (name, id)$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$ALTER TABLE pgboss_v12.job ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss_v12.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$ALTER TABLE pgboss_v12.job ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss_v12.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED$cmd$, tablename);

      EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i11 ON pgboss_v12.job (name, priority DESC, created_on, start_after) WHERE state < 'active' AND NOT blocked$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE UNIQUE INDEX job_i4 ON pgboss_v12.job (name, singleton_on, COALESCE(singleton_key, '')) WHERE state <> 'cancelled' AND singleton_on IS NOT NULL$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i7 ON pgboss_v12.job (name, group_id) WHERE state = 'active' AND group_id IS NOT NULL$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i9 ON pgboss_v12.job (name, id) WHERE blocking AND state = 'completed'$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i12 ON pgboss_v12.job (source_root_id) WHERE source_root_id IS NOT NULL$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE UNIQUE INDEX job_i13 ON pgboss_v12.job (name, singleton_key) WHERE state = 'created' AND upsert_by_key$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i14 ON pgboss_v12.job (name, state, blocked, start_after) WHERE state IN ('created', 'retry', 'active', 'failed')$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i15 ON pgboss_v12.job (name, created_on)$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i16 ON pgboss_v12.job (name, completed_on) WHERE completed_on IS NOT NULL$cmd$, tablename);
      EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i17 ON pgboss_v12.job (name, singleton_key, created_on) WHERE state < 'active' AND singleton_key IS NOT NULL$cmd$, tablename);

      IF options->>'policy' = 'short' THEN
        EXECUTE pgboss_v12.job_table_format($cmd$CREATE UNIQUE INDEX job_i1 ON pgboss_v12.job (name, COALESCE(singleton_key, '')) WHERE state = 'created' AND policy = 'short'$cmd$, tablename);
      ELSIF options->>'policy' = 'singleton' THEN
        EXECUTE pgboss_v12.job_table_format($cmd$CREATE UNIQUE INDEX job_i2 ON pgboss_v12.job (name, COALESCE(singleton_key, '')) WHERE state = 'active' AND policy = 'singleton'$cmd$, tablename);
      ELSIF options->>'policy' = 'stately' THEN
        EXECUTE pgboss_v12.job_table_format($cmd$CREATE UNIQUE INDEX job_i3 ON pgboss_v12.job (name, state, COALESCE(singleton_key, '')) WHERE state <= 'active' AND policy = 'stately'$cmd$, tablename);
      ELSIF options->>'policy' = 'exclusive' THEN
        EXECUTE pgboss_v12.job_table_format($cmd$CREATE UNIQUE INDEX job_i6 ON pgboss_v12.job (name, COALESCE(singleton_key, '')) WHERE state <= 'active' AND policy = 'exclusive'$cmd$, tablename);
      ELSIF options->>'policy' = 'key_strict_fifo' THEN
        EXECUTE pgboss_v12.job_table_format($cmd$CREATE UNIQUE INDEX job_i8 ON pgboss_v12.job (name, singleton_key) WHERE state IN ('active', 'retry', 'failed') AND policy = 'key_strict_fifo'$cmd$, tablename);
        EXECUTE pgboss_v12.job_table_format($cmd$CREATE INDEX job_i10 ON pgboss_v12.job (name, singleton_key, state DESC, created_on, id) INCLUDE (start_after) WHERE state < 'active' AND NOT blocked AND policy = 'key_strict_fifo'$cmd$, tablename);
        EXECUTE pgboss_v12.job_table_format($cmd$ALTER TABLE pgboss_v12.job ADD CONSTRAINT job_key_strict_fifo_singleton_key_check CHECK (NOT (policy = 'key_strict_fifo' AND singleton_key IS NULL))$cmd$, tablename);
      END IF;

      EXECUTE format('ALTER TABLE pgboss_v12.%I ADD CONSTRAINT cjc CHECK (name=%L)', tablename, queue_name);
      EXECUTE format('ALTER TABLE pgboss_v12.job ATTACH PARTITION pgboss_v12.%I FOR VALUES IN (%L)', tablename, queue_name);
    END;
    $$
    LANGUAGE plpgsql;
  ;

    CREATE FUNCTION pgboss_v12.delete_queue(queue_name text)
    RETURNS VOID AS
    $$
    DECLARE
      v_table varchar;
      v_partition bool;
    BEGIN
      
      SELECT table_name, partition
      FROM pgboss_v12.queue
      WHERE name = queue_name
      INTO v_table, v_partition;

      IF v_partition THEN
        EXECUTE format('DROP TABLE IF EXISTS pgboss_v12.%I', v_table);
      ELSE
        EXECUTE format('DELETE FROM pgboss_v12.%I WHERE name = %L', v_table, queue_name);
      END IF;
    
      DELETE FROM pgboss_v12.queue WHERE name = queue_name;
    END;
    $$
    LANGUAGE plpgsql;
  ;
INSERT INTO pgboss_v12.version(version) VALUES ('46');
  

-- Moves pg-boss 10's waiting and lapsed jobs into pg-boss 12 and returns how many moved. A job is moved once: it is
-- deleted from the old table in the statement that inserts it into the new one. A running job (state 'active') is
-- left to the pg-boss 10 worker running it until its lease lapses, then it moves, due at once as a retry. A job whose
-- singleton twin already waits in the new schema is dropped (ON CONFLICT): the twin does its work.
CREATE FUNCTION jobs_move_from_pgboss_v10() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  moved integer := 0;
BEGIN
  IF to_regclass('pgboss.job') IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM pgboss_v12.create_queue(q.name, jsonb_build_object(
    'policy', q.policy, 'retryLimit', q.retry_limit, 'retryDelay', q.retry_delay,
    'retryBackoff', q.retry_backoff, 'expireInSeconds', q.expire_seconds))
  FROM pgboss.queue q
  WHERE q.name NOT LIKE '\_\_pgboss\_\_%'
    AND NOT EXISTS (SELECT 1 FROM pgboss_v12.queue n WHERE n.name = q.name)
    AND EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = q.name);
  WITH gone AS (
    DELETE FROM pgboss.job j
    WHERE j.name NOT LIKE '\_\_pgboss\_\_%'
      AND (j.state IN ('created', 'retry') OR (j.state = 'active' AND j.started_on + j.expire_in < now()))
    RETURNING j.*
  ), arrived AS (
    INSERT INTO pgboss_v12.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
      retry_backoff, expire_seconds, singleton_key, singleton_on, start_after, created_on, keep_until, policy)
    SELECT id, name, priority, data,
      (CASE WHEN state = 'created' THEN 'created' ELSE 'retry' END)::pgboss_v12.job_state,
      retry_limit, retry_count, retry_delay, retry_backoff,
      GREATEST(1, extract(epoch FROM expire_in)::int), singleton_key, singleton_on,
      CASE WHEN state = 'active' THEN now() ELSE start_after END, created_on,
      GREATEST(keep_until, now() + interval '14 days'), policy
    FROM gone
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT count(*) INTO moved FROM arrived;
  RETURN moved;
END;
$$;

SELECT jobs_move_from_pgboss_v10();
