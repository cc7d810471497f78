let formatter: Intl.DateTimeFormat | undefined;

/** The calendar day (`YYYY-MM-DD`) of `date` in America/Lima. Default: now. */
export function limaDate(date: Date = new Date()): string {
  formatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' });
  return formatter.format(date);
}
