import {
  DEFAULT_RECURRING_CONFIG,
  addCalendarDays,
  localCalendarDate,
  utcCalendarDate,
  type SchedulerRunResult,
} from '@ledgerleaf/domain';
import { DEFAULT_SCHEDULER_INTERVAL_MS } from '../env';
import type { Deps } from './context';

/*
 * The scheduler runs the jobs that the areas declare (`ServerArea.jobs`): recurring runs and estimate
 * expiry (documents), overdue marking and the scheduled emails (invoicing), reminders (account). It
 * knows no job: a pass runs them by stage, then in the order of the areas, each job over every
 * business (the background pass and the CLI's `scheduler run`) or over one (`businessId`: the app's
 * "Run now"). A job must be safe to run from several processes at once (two servers, the CLI while
 * the server runs): it decides each piece of work in a transaction that locks what it changes, so a
 * second scheduler finds the work done and does nothing. "Today" for a business is its date in its
 * time zone (`businessToday`), never the server's.
 */

/**
 * When in a pass a job runs: `create` makes new documents (recurring runs), `age` moves what time
 * moves (overdue, expired), `queue` decides emails (reminders), `deliver` sends the emails decided
 * before it, in the same pass.
 */
export const SCHEDULER_STAGES = ['create', 'age', 'queue', 'deliver'] as const;
export type SchedulerStage = (typeof SCHEDULER_STAGES)[number];

/**
 * Test hooks that jobs call at their risky moments. Each job adds its own here, in its own file
 * (`declare module '…/lib/scheduler' { interface SchedulerHooks { … } }`), so the scheduler names none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the jobs (declaration merging)
export interface SchedulerHooks {}

/** Tuning that jobs read (batch sizes, leases); each job adds its own here, like the hooks. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the jobs (declaration merging)
export interface SchedulerTuning {}

export interface SchedulerOptions extends SchedulerTuning {
  /** Only the jobs of these names (tests); all by default. */
  only?: readonly string[];
  /** Only this business's work (the app's "Run now"); every business by default. */
  businessId?: number;
  hooks?: SchedulerHooks;
}

/** What a job counts in a pass: added to the pass's `SchedulerRunResult` (the API's answer to "Run now"). */
export type JobCounts = Partial<SchedulerRunResult>;

export interface ScheduledJob {
  /** Its name in `SchedulerOptions.only` and in the logs. */
  name: string;
  stage: SchedulerStage;
  run(deps: Deps, options: SchedulerOptions): Promise<JobCounts>;
}

export function emptyRunResult(): SchedulerRunResult {
  return { invoices_created: 0, emails_sent: 0, overdue: 0, expired: 0, reminders: 0, failures: 0 };
}

/** The jobs in the order a pass runs them: by stage, then as declared (the order of the areas). */
export function passOrder(jobs: readonly ScheduledJob[]): ScheduledJob[] {
  return SCHEDULER_STAGES.flatMap((stage) => jobs.filter((job) => job.stage === stage));
}

/** One pass of the scheduler over `jobs` (see the top of this file). Safe to run from several processes at once. */
export async function runScheduler(
  deps: Deps,
  jobs: readonly ScheduledJob[],
  options: SchedulerOptions = {},
): Promise<SchedulerRunResult> {
  const unknown = (options.only ?? []).filter((name) => !jobs.some((job) => job.name === name));
  // A misspelt job name would silently run nothing.
  if (unknown.length > 0) throw new Error(`No scheduled job named ${unknown.join(', ')}`);
  const only = options.only ? new Set(options.only) : null;
  const result = emptyRunResult();
  for (const job of passOrder(jobs)) {
    if (only && !only.has(job.name)) continue;
    const counts = await job.run(deps, options);
    for (const key of Object.keys(counts) as Array<keyof SchedulerRunResult>) result[key] += counts[key] ?? 0;
  }
  return result;
}

export interface SchedulerController {
  /** The jobs it runs (the areas' jobs, in the order of the areas). */
  readonly jobs: readonly ScheduledJob[];
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /** Runs a pass now (waits for a running one first). */
  runNow(options?: SchedulerOptions): Promise<SchedulerRunResult>;
  readonly running: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process scheduler: main.ts starts it (unless SCHEDULER=0); the app's close stops it; tests call runNow. */
    scheduler: SchedulerController;
  }
}

/** The in-process scheduler: a pass every `intervalMs`, never two at once in this process. */
export function createSchedulerController(deps: Deps, jobs: readonly ScheduledJob[]): SchedulerController {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<SchedulerRunResult> | null = null;
  const runNow = async (options?: SchedulerOptions): Promise<SchedulerRunResult> => {
    while (current) await current.catch(() => undefined);
    const pass = runScheduler(deps, jobs, options);
    current = pass;
    try {
      return await pass;
    } finally {
      current = null;
    }
  };
  return {
    jobs,
    start(intervalMs = DEFAULT_SCHEDULER_INTERVAL_MS) {
      if (timer) return;
      const tick = () => {
        if (current) return;
        runNow().catch((error: unknown) => deps.logger.error({ err: errorText(error) }, 'scheduler pass failed'));
      };
      timer = setInterval(tick, intervalMs);
      timer.unref();
      setImmediate(tick);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
    runNow,
    get running() {
      return timer !== null;
    },
  };
}

// ---------------------------------------------------------------- for the jobs

/** An error as one line for a log, a stored `last_error` or a notification (at most 500 characters). */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * The latest calendar date anywhere: no business's local date is more than a day ahead of UTC's.
 * Jobs read candidates "due before" it, then check each against its business's own today.
 */
export function latestBusinessDate(now: Date): string {
  return addCalendarDays(utcCalendarDate(now), 1);
}

/**
 * A business's today from the time zone of its recurring settings (null: it kept the default
 * zone), memoised per zone for one pass.
 */
export function businessTodays(now: Date): (timeZone: string | null) => string {
  const byZone = new Map<string, string>();
  return (timeZone) => {
    const zone = timeZone ?? DEFAULT_RECURRING_CONFIG.time_zone;
    let today = byZone.get(zone);
    if (today === undefined) {
      today = localCalendarDate(now, zone);
      byZone.set(zone, today);
    }
    return today;
  };
}

/** Candidates read per query by `countPastDue`. */
const PAST_DUE_PAGE = 200;

/**
 * For jobs that change records once a date of theirs has passed in their business's time zone
 * (overdue invoices, expired estimates): reads the candidates page by page (`list`: those dated
 * before the latest business date anywhere, by id after `afterId`, of one business or all), hands
 * each whose date (`dateOf`) is before its business's today to `change` (which locks and checks it
 * again in its own transaction, so two schedulers change it once), and answers how many changed.
 */
export async function countPastDue<Row extends { id: number; time_zone: string | null }>(
  deps: Deps,
  options: SchedulerOptions,
  job: {
    list: (page: { before: string; businessId?: number; afterId: number; limit: number }) => Promise<Row[]>;
    dateOf: (row: Row) => string;
    change: (row: Row, at: { today: string; now: Date }) => Promise<boolean>;
  },
): Promise<number> {
  const now = deps.clock();
  const todayIn = businessTodays(now);
  let changed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await job.list({
      before: latestBusinessDate(now),
      businessId: options.businessId,
      afterId,
      limit: PAST_DUE_PAGE,
    });
    for (const row of rows) {
      const today = todayIn(row.time_zone);
      // Not past its date yet where the business is.
      if (job.dateOf(row) >= today) continue;
      if (await job.change(row, { today, now })) changed += 1;
    }
    if (rows.length < PAST_DUE_PAGE) return changed;
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
}
