export {
  JOB_CHANNEL,
  JobRunner,
  LostClaim,
  Stopping,
  wakeQueue,
  type Claim,
  type JobHooks,
  type JobRunnerOptions,
  type JobSet,
  type PeriodicDefinition,
  type QueueDefinition,
  type QueueTable,
} from './runner.js';
