import type { FastifyBaseLogger, FastifyServerOptions, LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Level = Exclude<LogLevel, 'silent'>;

/** What pino loggers answer besides Fastify's logger interface. */
interface LevelAware {
  isLevelEnabled?(level: string): boolean;
}

/**
 * A request's logger (`request.log`), whose pino child is made only when something is logged at
 * an enabled level. Fastify makes a child logger with the request id on every request; with the
 * app's redaction (wildcard paths) pino runs the redactor over the bindings for each child, about
 * as much as a bare route's whole answer costs, and at the production level (warn) almost no
 * request ever logs. What is logged is the same: the child, its bindings and redaction are pino's.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  /** Whether a call at this level writes anything, without making the child when it does not. */
  private enabled(level: Level): boolean {
    if (this.made) return true;
    return this.parent.isLevelEnabled ? this.parent.isLevelEnabled(level) : true;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.enabled(level)) return;
    (this.logger[level] as (...values: unknown[]) => void)(...args);
  }

  // Methods on the prototype, not arrow properties: nothing allocated per request beyond the object.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: `request.log` as a `RequestLogger`, unless the route asks for a
 * level or serializers of its own (then pino's child at once, as Fastify does).
 */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings, options);
};
