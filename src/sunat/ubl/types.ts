/**
 * What the UBL renderer reads besides the document's draft: the issuer (the account), the number
 * the service gave the document, and on a nota the document it modifies.
 *
 * @module
 */
import type { Account } from '../../models/account.js';

/**
 * The issuer (emisor): the account's RUC, registered name (razón social), trade name, fiscal
 * address, and the establishments declared in its RUC (the address of the one a document is
 * issued from is printed on it).
 */
export type Issuer = Pick<Account, 'ruc' | 'name' | 'tradeName' | 'address'> & Partial<Pick<Account, 'establishments'>>;

/** The factura or boleta a nota modifies, as the XML names it. */
export type ModifiedDocument = {
  /** Catálogo 01 type: `01` or `03`. */
  type: string;
  /** Its series and number, `F001-4`. */
  fullNumber: string;
  /** Its issue date, `YYYY-MM-DD`, when known. */
  issueDate?: string | undefined;
};
