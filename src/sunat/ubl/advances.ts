/**
 * The advances (anticipos) a final factura or boleta deducts, as SUNAT's UBL carries them: each
 * advance's document (`cac:AdditionalDocumentReference` of catálogo 12 type `02` or `03`, with the
 * payment's identifier in `cbc:DocumentStatusCode` and the issuer's RUC) and the payment itself
 * (`cac:PrepaidPayment`, its `cbc:ID` the same identifier), numbered `1`, `2`… in the body's order:
 * each document names its payment (3216, 3213) once (3214, 3215). Their allowances (`04`, `05`, `06`) are
 * rendered with the global discounts, and their sum as `PrepaidAmount`.
 *
 * @module
 */
import { format } from '../decimal.js';
import type { DocumentDraft } from '../document/draft.js';
import { identityScheme, LISTS } from './lists.js';
import type { Issuer } from './types.js';
import { type Element, node, text } from './xml.js';

/** The attributes of an advance payment's identifier. */
const ADVANCE_ID = { schemeName: 'Anticipo', schemeAgencyName: 'PE:SUNAT' };
/** The same identifier in the advance document's `cbc:DocumentStatusCode`. */
const ADVANCE_STATUS = { listName: 'Anticipo', listAgencyName: 'PE:SUNAT' };
/** Catálogo 06: the advance's issuer is named by RUC (2520). */
const RUC = '6';

/** One `cac:AdditionalDocumentReference` per advance: its document (`02`/`03`), the payment's identifier, and its issuer (the document's own). */
export function advanceReferences({ body }: DocumentDraft, issuer: Issuer): Element[] {
  return (body.advances ?? []).map((advance, i) =>
    node(
      'cac:AdditionalDocumentReference',
      text('cbc:ID', advance.fullNumber),
      text('cbc:DocumentTypeCode', advance.type, LISTS.relatedDocument),
      text('cbc:DocumentStatusCode', String(i + 1), ADVANCE_STATUS),
      node('cac:IssuerParty', node('cac:PartyIdentification', text('cbc:ID', issuer.ruc, identityScheme(RUC)))),
    ),
  );
}

/** One `cac:PrepaidPayment` per advance: the payment's identifier and what it paid (`PaidAmount`, IGV included). */
export function prepaidPayments({ amounts, filled }: DocumentDraft): Element[] {
  return amounts!.advances.map((advance, i) =>
    node('cac:PrepaidPayment', text('cbc:ID', String(i + 1), ADVANCE_ID), text('cbc:PaidAmount', format(advance.paid), { currencyID: filled.currency })),
  );
}
