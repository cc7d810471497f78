/**
 * The QR code of a printed representation (representación impresa): the text it encodes.
 *
 * @module
 */
import { type Decimal, exactCents, format } from './decimal.js';
import { DOCUMENT_TYPE_CODES, type DocumentTypeCode, IDENTITY_DOCUMENT_TYPE_CODES, type IdentityDocumentTypeCode } from './catalogs.js';
import { calendarDate } from './dates.js';
import { isValidSeries } from './series.js';

/** What {@link qrContent} needs: the document as issued. */
export type QrInput = {
  /** The issuer's RUC, 11 digits. */
  issuerRuc: string;
  /** Catálogo 01 document type: `'01'`, `'03'`, `'07'`, `'08'`. */
  type: DocumentTypeCode;
  /** The series, as {@link isValidSeries} accepts it for `type` (`F001`). */
  series: string;
  /** The correlative number the service assigned, 1 to 99999999, written without zero padding. */
  number: number | string;
  /** The document's IGV (`totals.igv`), at most 2 decimals. */
  igv: Decimal;
  /** The document's total (importe total, `totals.total`), at most 2 decimals. */
  total: Decimal;
  /** The issue date, `YYYY-MM-DD`. */
  issueDate: string;
  /** The customer (adquirente): its catálogo 06 document type and number, as sent (`'-'` for varios). */
  customer: { documentType: IdentityDocumentTypeCode; documentNumber: string };
  /**
   * The valor resumen: the `ds:DigestValue` of the signed XML (base64), for a QR that carries
   * it. Default: none, as Greenter prints it.
   */
  digestValue?: string | undefined;
};

/**
 * The text a printed representation's QR code encodes, in SUNAT's format (Resolución
 * 097-2012/SUNAT, its anexo on the representación impresa, with the QR code of Resolución
 * 155-2017/SUNAT): `RUC|TIPO DE DOCUMENTO|SERIE|NUMERO|MTO TOTAL IGV|MTO TOTAL DEL
 * COMPROBANTE|FECHA DE EMISION|TIPO DE DOCUMENTO ADQUIRENTE|NUMERO DE DOCUMENTO ADQUIRENTE|`,
 * then the valor resumen and a `|` when `digestValue` is given. Formatted as Greenter's report
 * package writes it (thegreenter/report, `src/Report/Render/QrRender.php`, `getImage`): the
 * amounts with 2 decimals and a point, the date `YYYY-MM-DD`, the number as issued, every field
 * followed by `|`. Render it with any QR library. A `RangeError` names a field that does not fit
 * (and any field holding a `|`, which would shift the others).
 *
 * ```ts
 * qrContent({
 *   issuerRuc: '20000000001', type: '01', series: 'F001', number: 123, igv: 36, total: 236,
 *   issueDate: '2026-05-04', customer: { documentType: '6', documentNumber: '20131312955' },
 * });
 * // '20000000001|01|F001|123|36.00|236.00|2026-05-04|6|20131312955|'
 * ```
 */
export function qrContent({ issuerRuc, type, series, number, igv, total, issueDate, customer, digestValue }: QrInput): string {
  const fail = (field: string, rule: string, value: unknown) => new RangeError(`${field} must be ${rule}, got ${String(value)}`);
  if (typeof issuerRuc !== 'string' || !/^\d{11}$/.test(issuerRuc)) throw fail('issuerRuc', '11 digits', issuerRuc);
  if (!(DOCUMENT_TYPE_CODES as readonly string[]).includes(type)) throw fail('type', `a catálogo 01 code (${DOCUMENT_TYPE_CODES.join(', ')})`, type);
  if (typeof series !== 'string' || !isValidSeries(type, series)) throw fail('series', `a series of document type ${type}`, series);
  if (!/^[1-9]\d{0,7}$/.test(String(number))) throw fail('number', 'a whole number from 1 to 99999999 without zero padding', number);
  const amounts = [igv, total].map((value, i) => {
    const field = i ? 'total' : 'igv';
    const cents = exactCents(value, field);
    if (cents < 0n) throw fail(field, '0 or more', value);
    return format(cents);
  });
  if (!(IDENTITY_DOCUMENT_TYPE_CODES as readonly string[]).includes(customer?.documentType)) {
    throw fail('customer.documentType', 'a catálogo 06 code', customer?.documentType);
  }
  if (typeof customer.documentNumber !== 'string' || !/^[^|\s]{1,15}$/.test(customer.documentNumber)) {
    throw fail('customer.documentNumber', '1 to 15 characters without spaces or |', customer.documentNumber);
  }
  if (digestValue !== undefined && (typeof digestValue !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(digestValue))) {
    throw fail('digestValue', 'the base64 DigestValue of the signature', digestValue);
  }
  const fields = [issuerRuc, type, series, String(number), ...amounts, calendarDate(issueDate, 'issueDate'), customer.documentType, customer.documentNumber];
  if (digestValue !== undefined) fields.push(digestValue);
  return `${fields.join('|')}|`;
}
