/**
 * Issue dates are calendar dates in America/Lima (UTC−5 all year), never UTC timestamps: an
 * invoice issued at 20:00 in Lima on the 21st is dated the 21st, though UTC is already the 22nd.
 *
 * @module
 */

let formatter: Intl.DateTimeFormat | undefined;

/** The calendar day (`YYYY-MM-DD`) of `date` in America/Lima. Default: now. */
export function limaDate(date: Date = new Date()): string {
  formatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' });
  return formatter.format(date);
}
