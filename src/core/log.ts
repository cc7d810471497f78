/**
 * How a client logs: the levels, the {@link Logger} lines go to, and the enabled levels of one
 * client ({@link LevelLog}), which the request path, the resources and createMany write through.
 *
 * @module
 */
import { YupanaError } from './errors.js';

/**
 * How much a client logs, from nothing to everything: `'off'`, `'error'`, `'warn'` (what the
 * SDK does not throw to you, such as a `Retry-After` too long to obey), `'info'` (retries, with
 * their reason and delay) or `'debug'` (a line per request and per response).
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Where log lines go: `console`, or any object with these methods (pino, winston, bunyan...). */
export interface Logger {
  /** Receives `'error'` lines. */
  error(message: string): void;
  /** Receives `'warn'` lines. */
  warn(message: string): void;
  /** Receives `'info'` lines. */
  info(message: string): void;
  /** Receives `'debug'` lines. */
  debug(message: string): void;
}

/**
 * The enabled levels of one client: a method per enabled level, `undefined` for the others.
 * Call them as `log.debug?.(\`...\`)`: when a level is off, the optional call skips evaluating
 * its argument, so no string is built.
 */
export type LevelLog = { readonly [L in Exclude<LogLevel, 'off'>]?: (message: string) => void };

const LEVELS = ['off', 'error', 'warn', 'info', 'debug'] as const;

/** Checks a log level from an option or an environment variable; `undefined` stays `undefined`. */
export function parseLogLevel(value: unknown, source: string): LogLevel | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new YupanaError(`${source} ${JSON.stringify(value)} is not a log level; use one of: ${LEVELS.join(', ')}.`);
}

/**
 * The methods of `logger` enabled at `level`, each prefixed with `[yupana]`. A logger that throws
 * is ignored: a log line never changes what a call answers (a create that succeeded must not
 * reject because its debug line failed, or it would be sent again under a new key).
 */
export function levelLog(level: LogLevel, logger: Logger): LevelLog {
  const missing = LEVELS.slice(1).filter((name) => typeof (logger as unknown as Record<string, unknown>)[name] !== 'function');
  if (missing.length > 0) throw new YupanaError(`logger must have the methods error, warn, info and debug; missing: ${missing.join(', ')}.`);
  const rank = LEVELS.indexOf(level);
  const write = (name: Exclude<LogLevel, 'off'>, message: string) => {
    try {
      logger[name](`[yupana] ${message}`);
    } catch {
      // ignored: see above
    }
  };
  const at = (name: Exclude<LogLevel, 'off'>) => (LEVELS.indexOf(name) <= rank ? (message: string) => write(name, message) : undefined);
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}
