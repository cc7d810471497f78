/**
 * The calendar day of a moment in America/Lima (UTC−5 all year), the day every date of a
 * document and of the API is written in. A module of its own, which imports nothing, so that the
 * client reads it (a `Date` filter is sent as its day in Lima) without the rest of `yupana/sunat`.
 *
 * @module
 */

let formatter: Intl.DateTimeFormat | undefined;

/** The calendar day (`YYYY-MM-DD`) of `date` in America/Lima. Default: now. */
export function limaDate(date: Date = new Date()): string {
  formatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' });
  return formatter.format(date);
}
