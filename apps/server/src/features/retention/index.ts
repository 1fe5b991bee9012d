// Retention of personal data: the rules in retention_rules, the job that applies them by itself in
// bounded batches once across instances, and the back office's report. docs/privacy-retention.md.
export { retentionRoutes } from './routes';
export { runDueRules, runRuleNow, startRetentionJob, writeRetentionSettings } from './service';
export { keptDays } from './repository';
