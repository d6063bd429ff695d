/**
 * Fastify gives every request a child logger bound to its request id. Making a pino child serializes the
 * bindings and allocates, a measurable share of a cached poll, which usually writes no line at all (successful
 * reads are logged at debug, see request-log.ts). This logger makes the child when a line is first written at
 * an enabled level; until then it answers level questions from its parent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

class DeferredChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get child_(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made ? this.made.level : this.parent.level;
  }

  set level(level: string) {
    this.child_.level = level;
  }

  isLevelEnabled(level: string): boolean {
    // Fastify's loggers here are pino's (app.ts), which answer this.
    return ((this.made ?? this.parent) as unknown as Pick<Logger, 'isLevelEnabled'>).isLevelEnabled(level);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.child_[level] as (...a: unknown[]) => void)(...args);
  }

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
    return this.child_.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the deferred child, or pino's own when the route sets its own level. */
export function deferredChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined) return parent.child(bindings, options);
  return new DeferredChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
