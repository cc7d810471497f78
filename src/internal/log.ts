/**
 * Text as it may enter a log line: server text with its control characters escaped, and a path
 * without its query or an identity number.
 *
 * @module
 */

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
