/**
 * What the UBL renderer reads: the response-shaped document (every default and derived value
 * filled) and the issuer (the account).
 *
 * @module
 */
import type { Account } from '../../models/account.js';
import type { Document } from '../../models/document.js';

/** The fields of a {@link Document} its UBL carries. */
export type UblDocument = Pick<
  Document,
  | 'type'
  | 'fullNumber'
  | 'issueDate'
  | 'dueDate'
  | 'currency'
  | 'operationType'
  | 'customer'
  | 'items'
  | 'paymentTerms'
  | 'detraction'
  | 'perception'
  | 'retention'
  | 'exchangeRate'
  | 'discounts'
  | 'charges'
  | 'despatches'
  | 'relatedDocuments'
  | 'purchaseOrder'
  | 'legends'
  | 'rounding'
  | 'reference'
  | 'totals'
>;

/** The issuer (emisor): the account's RUC, registered name (razón social), trade name and fiscal address. */
export type Issuer = Pick<Account, 'ruc' | 'name' | 'tradeName' | 'address'>;

/** The factura or boleta a nota modifies, as the XML names it. */
export type ModifiedDocument = {
  /** Catálogo 01 type: `01` or `03`. */
  type: string;
  /** Its series and number, `F001-4`. */
  fullNumber: string;
  /** Its issue date, `YYYY-MM-DD`, when known. */
  issueDate?: string | undefined;
};
