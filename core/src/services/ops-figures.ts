// The operator's figures, for the server app's /metrics and the worker's `pnpm jobs` (@pippitch/core/ops-figures):
// reads of the installation's queues, feeds and workers, in core/src/queries.
export { type JobFailure, type JobStatus, jobStatus, type QueueCounts, type ScheduleRow } from '../queries/jobs/status';
export { type MetricsFigures, metricsFigures, type QueueDepth } from '../queries/ops/metrics';
