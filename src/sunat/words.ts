/**
 * The amount in words of legend 1000 (catálogo 52, "monto en letras"), as printed
 * representations carry it: `SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES`.
 *
 * @module
 */
import { type Decimal, exactCents } from './decimal.js';

/** The currency as legend 1000 names it: Greenter's and Nubefact's wording. */
const CURRENCY_NAMES = { PEN: 'SOLES', USD: 'DÓLARES AMERICANOS' } as const;

/** The largest amount {@link amountInWords} writes, in cents: 999 999 999 999.99. */
const MAX_CENTS = 99_999_999_999_999n;

/** 0 to 29, each one word; 21 is `VEINTIUNO` until it stands before a noun (`VEINTIÚN MIL`). */
const UNITS = [
  '',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS'];

/**
 * 1 to 999 in words. `apocope`: the number stands before `MIL` or `MILLONES`, so a final `UNO`
 * loses its `O` (`TREINTA Y UN MIL`, `VEINTIÚN MILLONES`).
 */
function belowThousand(n: number, apocope: boolean): string {
  if (n === 100) return 'CIEN';
  const rest = n % 100;
  let words = rest < 30 ? (UNITS[rest] as string) : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` Y ${UNITS[rest % 10]}` : ''}`;
  if (apocope) words = words.replace(/UNO$/, 'UN').replace(/^VEINTIUN$/, 'VEINTIÚN');
  return [HUNDREDS[Math.floor(n / 100)], words].filter(Boolean).join(' ');
}

/** 1 to 999 999 in words: `MIL`, never `UN MIL`. */
function belowMillion(n: number, apocope: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  return [thousands === 1 ? 'MIL' : thousands ? `${belowThousand(thousands, true)} MIL` : '', rest ? belowThousand(rest, apocope) : ''].filter(Boolean).join(' ');
}

/** 0 to 999 999 999 999 in words: `UN MILLÓN`, `DOS MILLONES`, `MIL MILLONES`. */
function integerInWords(n: number): string {
  if (n === 0) return 'CERO';
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  return [millions === 1 ? 'UN MILLÓN' : millions ? `${belowMillion(millions, true)} MILLONES` : '', rest ? belowMillion(rest, false) : ''].filter(Boolean).join(' ');
}

/**
 * The text of legend 1000 (monto en letras) for an amount: `SON`, the whole part in Spanish
 * words, `CON`, the cents as `NN/100`, and the currency (`SOLES`, `DÓLARES AMERICANOS`), in
 * capitals with Spanish accents as Greenter (luecano/numero-a-letras) and Nubefact print them.
 * Before `MIL` and `MILLONES` a final one is shortened (`UN MILLÓN`, `VEINTIÚN MIL`); at the end
 * it is not (`VEINTIUNO CON 00/100`). `amount` is 0 to 999 999 999 999.99 with at most 2
 * decimals (a document's total); anything else is a `RangeError` naming it, as is a currency
 * other than `PEN` or `USD`.
 *
 * ```ts
 * amountInWords(236, 'PEN');          // 'SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES'
 * amountInWords('1021.50', 'USD');    // 'SON MIL VEINTIUNO CON 50/100 DÓLARES AMERICANOS'
 * amountInWords(21_000_000, 'PEN');   // 'SON VEINTIÚN MILLONES CON 00/100 SOLES'
 * ```
 */
export function amountInWords(amount: Decimal, currency: 'PEN' | 'USD'): string {
  const name = Object.hasOwn(CURRENCY_NAMES, currency) ? CURRENCY_NAMES[currency] : undefined;
  if (name === undefined) throw new RangeError(`currency must be PEN or USD, got ${String(currency)}`);
  const cents = exactCents(amount, 'amount');
  if (cents < 0n || cents > MAX_CENTS) throw new RangeError(`amount must be from 0 to 999999999999.99, got ${String(amount)}`);
  const fraction = String(cents % 100n).padStart(2, '0');
  return `SON ${integerInWords(Number(cents / 100n))} CON ${fraction}/100 ${name}`;
}
