/**
 * SUNAT's observations (`OBS`): what its stylesheets find wrong in a document they accept. The
 * document is valid and numbered, and SUNAT's answer (the CDR) carries a note per observation,
 * to fix in future documents. `checkDocument` (rules.ts) holds the rejections (`ERR`); these are
 * the observations `sunat.md` lists, as SUNAT's factura and boleta stylesheets apply them.
 *
 * @module
 */
import { type Decimal, exactCents, format, scale } from '../decimal.js';
import { limaDate } from '../dates.js';
import { icbperPerBag, igvRateOn } from '../rates.js';
import type { DocumentCreateParams, Item } from '../../models/document.js';
import { type DocumentAmounts, documentAmounts, icbperPerUnit } from './compute.js';
import { DEFAULT_UNIT_CODE, isNote, unitCodeOf } from './fill.js';
import { factorPastTolerance, igvBaseAsSunatSums, noteAmountBreaks, sunatText, pastTolerance, type SunatIssuePath, xpathFraction, xpathNumber } from './rules.js';

/** One observation: SUNAT's code, the field it is about, and its note as a CDR words it (in Spanish). */
export interface SunatObservation {
  /** SUNAT's observation code, `4000` and above: `'4318'`. */
  code: string;
  /** The field the observation is about. */
  path: SunatIssuePath;
  /** What SUNAT observes, in Spanish, as the notes of its answer say it. */
  description: string;
}

/** Options of {@link documentObservations}. */
export interface DocumentObservationsOptions {
  /** Today in Lima, `YYYY-MM-DD`: the issue date of a body without one. Default: today in America/Lima. */
  today?: string | undefined;
  /** The issuer's IGV rate as a fraction (`0.18`). Default: the general rate of the issue date (`igvRateOn`). */
  igvRate?: Decimal | undefined;
}

/**
 * A guía de remisión's number as SUNAT's stylesheets take it (4006): a `T` series (`T001-123`),
 * a 4-digit contingency series, `EG`/`G`/`V` series, each with a number of 1 to 8 digits. The
 * stylesheets' own expression, `[EG07] {4}` (a letter and four spaces) included.
 */
const DESPATCH_NUMBER = /^T[A-Z0-9]{3}-\d{1,8}$|^\d{4}-\d{1,8}$|^[EG0][1-4]-\d{1,8}$|^[EG07] {4}-\d{1,8}$|^G\d{3}-\d{1,8}$|^V[A-Z0-9]{3}-\d{1,8}$/;

/**
 * The catálogo 12 types SUNAT's stylesheet of each document type takes for another related
 * document (4009 otherwise): fewer than the catálogo holds, and not the same for each.
 */
const RELATED_TYPES_OF: Readonly<Record<string, readonly string[]>> = {
  '01': ['02', '03', '04', '05', '06', '07', '08', '09', '99'],
  '03': ['02', '03', '04', '05', '08', '09', '99'],
  '07': ['01', '04', '05', '99'],
  '08': ['04', '05', '99'],
};

/**
 * The number of another related document as SUNAT's stylesheet of each document type takes it
 * (4010 otherwise), with its length in words. The stylesheets match with Java's regular
 * expressions (`fn:matches` with the `j` flag): `\w` is an ASCII letter, digit or `_`, `.` any
 * character but a line terminator.
 */
const RELATED_NUMBER_OF: Readonly<Record<string, { shape: RegExp; length: string }>> = {
  '01': { shape: /^\w[^\n\r\u0085\u2028\u2029]{1,30}$/, length: '2 a 31' },
  '03': { shape: /^\w[^\n\r\u0085\u2028\u2029]{1,30}$/, length: '2 a 31' },
  '07': { shape: /^[^ \t\n\x0B\f\r]{6,30}$/, length: '6 a 30' },
  '08': { shape: /^\w[^\n\r\u0085\u2028\u2029]{6,30}$/, length: '7 a 31' },
};
/** White space as Java's `\s` reads it. No stylesheet takes it in a related document's number. */
const JAVA_SPACE = /[ \t\n\x0B\f\r]/;

/**
 * A nota's line description as SUNAT's notas stylesheets take it (4084 otherwise), `^(?!\s*$)[\s\S].{2,499}`
 * in Java: not only white space, and its first character followed by at least 2 on the same line.
 */
const NOTE_LINE_DESCRIPTION = /^[\s\S][^\n\r\u0085\u2028\u2029]{2}/u;
/** A customer's name as SUNAT's notas stylesheets take it (2022, only observed there): 3 to 1000 characters. */
const NOTE_CUSTOMER_NAME = sunatText(2, 999);
/** Only white space, as Java's `^\s*$` reads it (a last line terminator allowed). */
const JAVA_BLANK = /^[ \t\n\x0B\f\r]*(?:\r\n|[\n\r\u0085\u2028\u2029])?$/;
/** The identity documents whose number SUNAT's boleta stylesheet takes as 1 to 15 letters, digits or `_` (4208): passports, carnés, foreign ids, `0`. */
const FOREIGN_DOCUMENT_TYPES: readonly string[] = ['0', '4', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G'];
/** An identity document's number as that rule takes it. */
const FOREIGN_DOCUMENT_NUMBER = /^\w{1,15}$/;

/** An orden de compra as SUNAT's factura stylesheet takes it (4233): letters and digits only. */
const PURCHASE_ORDER = /^[0-9a-zA-Z]+$/;

/**
 * The observations SUNAT makes of a document that passes `checkDocument`: 4290 a boleta's IGV
 * total more than 1.00 from its taxed base × the rate, and 4310 its total with taxes with it (on a
 * factura, rejections); on a line of plastic
 * bags (ICBPER), 4320 a unit other than NIU, 4318 an ICBPER that is not the bags × the amount per
 * bag (past 0.01), 4237 in PEN an amount per bag other than the year's (`icbperPerBag`); 4006 a
 * guía whose number is not a series and number, 4009 a related document of a catálogo 12 type its
 * document type does not take, 4010 one whose number is not of the shape its document type takes
 * (without spaces, and long enough), 4233 a factura's orden de compra with characters other than letters
 * and digits; 4289 and 4322 a boleta's discount or charge past 1.00 from base × factor; 4208 a boleta's foreign customer whose document number is not 1 to 15 letters and
 * digits; 4084 a nota's line described in fewer than 3 characters, 2022 a nota's customer name not of 3 to 1000 characters; on a nota of a boleta 4288,
 * 4312, 4287, 4299 and 4290 (its discounts and charges past what its stylesheet sums), and 4367 a
 * nota de crédito of reason 04, 05 or 08. A field it cannot read is left to `checkDocument`. `[]` when SUNAT would accept the
 * document as it is. `scripts/validate-ubl.ts` compares it with SUNAT's stylesheets.
 *
 * ```ts
 * documentObservations({ ...boleta, items: [{ description: 'Bolsa', quantity: 3, unitPrice: 0.1, igv: 0.05, icbper: 1 }] });
 * // [{ code: '4318', path: ['items', 0, 'icbper'], description: 'El ICBPER de la línea (1.00) no es la cantidad de bolsas (3) por el monto por bolsa (0.33)' }, ...]
 * ```
 */
export function documentObservations(body: DocumentCreateParams, { today, igvRate }: DocumentObservationsOptions = {}): SunatObservation[] {
  const observations: SunatObservation[] = [];
  const issueDate = body.issueDate ?? today ?? limaDate();
  if (body.type === '03') boletaAmountObservations(body, issueDate, igvRate, observations);
  if (isNote(body.type) && body.series.startsWith('B')) boletaNoteObservations(body, issueDate, igvRate, observations);
  const { documentType, documentNumber } = body.customer;
  if (body.type === '03' && FOREIGN_DOCUMENT_TYPES.includes(documentType) && !FOREIGN_DOCUMENT_NUMBER.test(documentNumber)) {
    observations.push({
      code: '4208',
      path: ['customer', 'documentNumber'],
      description: `El número del documento de identidad del cliente (${documentNumber}) no tiene solo letras y dígitos, de 1 a 15`,
    });
  }
  if (isNote(body.type)) {
    if (!NOTE_CUSTOMER_NAME.test(body.customer.name)) {
      observations.push({
        code: '2022',
        path: ['customer', 'name'],
        description: 'El nombre del cliente no tiene de 3 a 1000 caracteres en una línea, sin espacio al inicio',
      });
    }
    body.items.forEach((item, i) => {
      const { description } = item;
      if (typeof description === 'string' && (JAVA_BLANK.test(description) || !NOTE_LINE_DESCRIPTION.test(description))) {
        observations.push({ code: '4084', path: ['items', i, 'description'], description: 'La descripción de la línea de la nota tiene menos de 3 caracteres' });
      }
    });
  }
  const reason = body.reference?.reason;
  if (body.type === '07' && body.series.startsWith('B') && (reason === '04' || reason === '05' || reason === '08')) {
    observations.push({
      code: '4367',
      path: ['reference', 'reason'],
      description: `SUNAT observa una nota de crédito de una boleta con el motivo ${reason} (catálogo 09: descuento global, descuento por ítem o bonificación)`,
    });
  }
  body.items.forEach((item, i) => {
    bagObservations(item, ['items', i], body.currency ?? 'PEN', issueDate, observations);
  });
  body.despatches?.forEach((despatch, i) => {
    if (!DESPATCH_NUMBER.test(despatch.fullNumber)) {
      observations.push({
        code: '4006',
        path: ['despatches', i, 'fullNumber'],
        description: `El número de la guía de remisión relacionada (${despatch.fullNumber}) no es una serie y un número, como T001-123`,
      });
    }
  });
  const relatedTypes = RELATED_TYPES_OF[body.type] ?? [];
  const relatedNumber = RELATED_NUMBER_OF[body.type];
  body.relatedDocuments?.forEach((related, i) => {
    if (relatedNumber !== undefined && (!relatedNumber.shape.test(related.number) || JAVA_SPACE.test(related.number))) {
      observations.push({
        code: '4010',
        path: ['relatedDocuments', i, 'number'],
        description: `El número del documento relacionado (${related.number}) no tiene la forma que SUNAT admite: sin espacios y de ${relatedNumber.length} caracteres`,
      });
    }
    if (!relatedTypes.includes(related.type)) {
      observations.push({
        code: '4009',
        path: ['relatedDocuments', i, 'type'],
        description: `El tipo de documento relacionado (${related.type}) no es uno de los del catálogo 12 que admite este comprobante: ${relatedTypes.join(', ')}`,
      });
    }
  });
  if (body.type === '01' && body.purchaseOrder !== undefined && !PURCHASE_ORDER.test(body.purchaseOrder)) {
    observations.push({
      code: '4233',
      path: ['purchaseOrder'],
      description: `El número de la orden de compra (${body.purchaseOrder}) tiene caracteres que no son letras ni dígitos`,
    });
  }
  return observations;
}

/** `body`'s amounts at `igvRate` (default the rate of its issue date), and that rate scaled; `undefined` when they cannot be computed, which is `checkDocument`'s to refuse. */
function amountsOf(body: DocumentCreateParams, issueDate: string, igvRate: Decimal | undefined): { amounts: DocumentAmounts; rate: bigint } | undefined {
  try {
    const given = igvRate ?? igvRateOn(issueDate);
    return { rate: scale(given, 'igvRate'), amounts: documentAmounts(body, given) };
  } catch {
    return undefined;
  }
}

/**
 * A boleta's amounts, compared as SUNAT's boleta stylesheet compares them (on a factura,
 * rejections): 4289 a line's discount or charge, 4322 a global one, more than 1.00 from its base ×
 * its factor; 4290 its IGV total more than 1.00 from its taxed base × the rate, and 4310 its total
 * with taxes (`TaxInclusiveAmount`) more than 1.00 from its value of sale, ICBPER and that product.
 */
function boletaAmountObservations(body: DocumentCreateParams, issueDate: string, igvRate: Decimal | undefined, observations: SunatObservation[]): void {
  const computed = amountsOf(body, issueDate, igvRate);
  if (computed === undefined) return;
  const { amounts, rate } = computed;
  amounts.lines.forEach((line, i) => {
    [...line.discounts, ...line.charges].forEach((adjustment) => {
      if (!factorPastTolerance(adjustment)) return;
      const field = line.discounts.includes(adjustment) ? 'discounts' : 'charges';
      const index = (field === 'discounts' ? line.discounts : line.charges).indexOf(adjustment);
      observations.push({
        code: '4289',
        path: ['items', i, field, index],
        description: `El monto del ${field === 'discounts' ? 'descuento' : 'cargo'} de la línea difiere en más de 1.00 de su base por su factor`,
      });
    });
  });
  for (const [field, list] of [['discounts', amounts.discounts] as const, ['charges', amounts.charges] as const]) {
    list.forEach((adjustment, index) => {
      if (!factorPastTolerance(adjustment, true)) return;
      observations.push({
        code: '4322',
        path: [field, index],
        description: `El monto del ${field === 'discounts' ? 'descuento' : 'cargo'} global difiere en más de 1.00 de su base por su factor`,
      });
    });
  }
  const { igv, taxInclusive, lineExtension, icbper } = amounts.totals;
  const tax = igvBaseAsSunatSums(amounts, true) * xpathFraction(rate);
  if (pastTolerance(xpathNumber(igv) - tax)) {
    observations.push({ code: '4290', path: ['items'], description: `El IGV total (${format(igv)}) difiere en más de 1.00 de la base gravada por la tasa del IGV` });
  }
  if (pastTolerance(xpathNumber(taxInclusive) - (xpathNumber(lineExtension) + xpathNumber(icbper) + tax))) {
    observations.push({
      code: '4310',
      path: ['items'],
      description: `El total con impuestos (${format(taxInclusive)}) difiere en más de 1.00 del valor de venta más los tributos calculados`,
    });
  }
}

/**
 * 4288, 4287, 4312, 4299 and 4290 on a nota of a boleta: what SUNAT refuses on a nota of a factura
 * (`noteAmountBreaks`: 3271, 3270, 3280, 3277; and 3291, its IGV total against its lines' taxed
 * values × the rate) it only observes on one of a boleta.
 */
function boletaNoteObservations(body: DocumentCreateParams, issueDate: string, igvRate: Decimal | undefined, observations: SunatObservation[]): void {
  const computed = amountsOf(body, issueDate, igvRate);
  if (computed === undefined) return;
  const { amounts, rate } = computed;
  const breaks = noteAmountBreaks(body, amounts);
  for (const i of breaks.lineValues) {
    observations.push({ code: '4288', path: ['items', i], description: 'El valor de venta de la línea difiere en más de 1.00 del valor unitario por la cantidad' });
  }
  for (const i of breaks.unitPrices) {
    observations.push({
      code: '4287',
      path: ['items', i],
      description: 'El precio unitario de la línea difiere en más de 1.00 de su valor de venta más sus tributos entre la cantidad',
    });
  }
  if (breaks.payable) {
    observations.push({
      code: '4312',
      path: ['discounts'],
      description: 'El importe total difiere en más de 1.00 de los valores de venta más los tributos y los cargos',
    });
  }
  if (breaks.taxedBase) {
    observations.push({
      code: '4299',
      path: ['discounts'],
      description: 'El total de las operaciones gravadas difiere en más de 1.00 de la suma de los valores de venta gravados de las líneas',
    });
  }
  const { igv } = amounts.totals;
  if (pastTolerance(xpathNumber(igv) - igvBaseAsSunatSums(amounts, false) * xpathFraction(rate))) {
    observations.push({ code: '4290', path: ['items'], description: `El IGV total (${format(igv)}) difiere en más de 1.00 de la base gravada por la tasa del IGV` });
  }
}

/** 4320, 4318 and 4237, on a line of plastic bags. */
function bagObservations(item: Item, at: SunatIssuePath, currency: string, issueDate: string, observations: SunatObservation[]): void {
  if (item.icbper === undefined) return;
  const unit = unitCodeOf(item);
  if (unit !== DEFAULT_UNIT_CODE) {
    observations.push({ code: '4320', path: [...at, 'unitCode'], description: `Las bolsas plásticas se cuentan en unidades (NIU), no en ${unit}` });
  }
  let tax: bigint;
  let bags: bigint;
  try {
    tax = exactCents(item.icbper as Decimal, 'icbper');
    bags = scale(item.quantity as Decimal, 'quantity');
  } catch {
    return;
  }
  if (tax <= 0n || bags <= 0n) return;
  const perBag = icbperPerUnit(tax, bags);
  // SUNAT's stylesheet compares the line's ICBPER with the bags × the amount per bag as XPath
  // compares numbers read from the XML, in binary floating point, and observes a difference past
  // 0.01: 1.00 − 3 × 0.33 is 0.010000000000000009 there. The same arithmetic, so the same verdicts.
  const difference = Number(format(tax)) - Number(String(item.quantity)) * Number(format(perBag));
  if (difference < -0.01 || difference > 0.01) {
    observations.push({
      code: '4318',
      path: [...at, 'icbper'],
      description: `El ICBPER de la línea (${format(tax)}) no es la cantidad de bolsas (${String(item.quantity)}) por el monto por bolsa (${format(perBag)})`,
    });
  }
  let yearly: bigint;
  try {
    yearly = exactCents(icbperPerBag(issueDate), 'icbper');
  } catch {
    return; // a date before the ICBPER existed (2019-08-01): no amount per bag to observe against
  }
  if (currency === 'PEN' && perBag !== yearly) {
    observations.push({
      code: '4237',
      path: [...at, 'icbper'],
      description: `El monto por bolsa (${format(perBag)}) no es el del ICBPER vigente en la fecha de emisión (${format(yearly)})`,
    });
  }
}
