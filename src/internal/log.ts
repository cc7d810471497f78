import { YupanaError } from '../core/errors.js';
import type { Logger, LogLevel } from '../core/options.js';

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

/**
 * Server text as it may enter a log line: control characters escaped (`\n` as `\\n`), so a
 * value can never start a line of its own.
 */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A path as log lines show it: no query string, and a RUC or DNI in a path segment (the
 * lookups) replaced by `{number}`, since identity numbers are personal data.
 */
export function logPath(path: string): string {
  return escapeControls(
    String(path)
      .split('?')[0]!
      .replace(/\/\d{8,}(?=\/|$)/g, '/{number}'),
  );
}
