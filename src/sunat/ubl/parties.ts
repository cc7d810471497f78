/**
 * Who signs, who issues and who buys: the signature placeholder SUNAT's structure expects
 * (`ext:UBLExtensions` holding a `ds:Signature`, and `cac:Signature` pointing at it), the issuer
 * (`cac:AccountingSupplierParty`: RUC, trade name, registered name, the establishment's code,
 * `0000` the fiscal address, and its address) and the customer (`cac:AccountingCustomerParty`).
 *
 * @module
 */
import { COUNTRY_LIST, ESTABLISHMENT_LIST, identityScheme } from './lists.js';
import type { DocumentCreateParams } from '../../models/document.js';
import type { Issuer } from './types.js';
import { type Element, node, text } from './xml.js';

/** The id that ties `cac:Signature` to the `ds:Signature` in the extension. */
export const SIGNATURE_ID = 'SignYupanaSandbox';
/** Catálogo 06 `6`: the issuer is always identified by its RUC. */
const RUC = '6';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
/** A fixed value where a real signature carries a digest, a signature and a certificate: the sandbox signs nothing. */
const MOCK = 'eXVwYW5hIHNhbmRib3g=';

/**
 * `ext:UBLExtensions` with an XML-DSig `ds:Signature` in SUNAT's shape (enveloped, whole
 * document, RSA-SHA1 as SUNAT's samples): its values are placeholders, not a signature.
 */
export function signatureExtension(): Element {
  const signature = node(
    'ds:Signature',
    { Id: SIGNATURE_ID },
    node(
      'ds:SignedInfo',
      node('ds:CanonicalizationMethod', { Algorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315' }),
      node('ds:SignatureMethod', { Algorithm: `${DSIG}rsa-sha1` }),
      node(
        'ds:Reference',
        { URI: '' },
        node('ds:Transforms', node('ds:Transform', { Algorithm: `${DSIG}enveloped-signature` })),
        node('ds:DigestMethod', { Algorithm: `${DSIG}sha1` }),
        text('ds:DigestValue', MOCK),
      ),
    ),
    text('ds:SignatureValue', MOCK),
    node('ds:KeyInfo', node('ds:X509Data', text('ds:X509Certificate', MOCK))),
  );
  return node('ext:UBLExtensions', node('ext:UBLExtension', node('ext:ExtensionContent', signature)));
}

/** `cac:Signature`: who signed (the issuer's RUC and name) and where the signature is (`#` + its id). */
export function signatureReference(issuer: Issuer): Element {
  return node(
    'cac:Signature',
    text('cbc:ID', SIGNATURE_ID),
    node('cac:SignatoryParty', node('cac:PartyIdentification', text('cbc:ID', issuer.ruc)), node('cac:PartyName', text('cbc:Name', issuer.name))),
    node('cac:DigitalSignatureAttachment', node('cac:ExternalReference', text('cbc:URI', `#${SIGNATURE_ID}`))),
  );
}

/**
 * The address printed for the establishment `code`: the one the issuer's establishments give it,
 * else the fiscal address for `0000` (SUNAT's code of the domicilio fiscal), else none.
 */
function establishmentAddress(issuer: Issuer, code: string): string | undefined {
  const listed = issuer.establishments?.find((establishment) => establishment.code === code);
  if (listed?.address !== undefined) return listed.address;
  return code === '0000' ? issuer.address : undefined;
}

/** `cac:AccountingSupplierParty`: the issuer's RUC (schemeID 6), trade name, registered name, and the establishment the document is issued from (its code, `0000` the fiscal address, and its address). */
export function supplierParty(issuer: Issuer, establishmentCode: string): Element {
  const address = establishmentAddress(issuer, establishmentCode);
  return node(
    'cac:AccountingSupplierParty',
    node(
      'cac:Party',
      node('cac:PartyIdentification', text('cbc:ID', issuer.ruc, identityScheme(RUC))),
      issuer.tradeName !== undefined && node('cac:PartyName', text('cbc:Name', issuer.tradeName)),
      node(
        'cac:PartyLegalEntity',
        text('cbc:RegistrationName', issuer.name),
        node(
          'cac:RegistrationAddress',
          text('cbc:AddressTypeCode', establishmentCode, ESTABLISHMENT_LIST),
          address !== undefined && node('cac:AddressLine', text('cbc:Line', address)),
          node('cac:Country', text('cbc:IdentificationCode', 'PE', COUNTRY_LIST)),
        ),
      ),
    ),
  );
}

/** `cac:AccountingCustomerParty`: the customer's identity document (catálogo 06 in schemeID), name and address. */
export function customerParty(customer: DocumentCreateParams['customer']): Element {
  return node(
    'cac:AccountingCustomerParty',
    node(
      'cac:Party',
      node('cac:PartyIdentification', text('cbc:ID', customer.documentNumber, identityScheme(customer.documentType))),
      node(
        'cac:PartyLegalEntity',
        text('cbc:RegistrationName', customer.name),
        customer.address !== undefined && node('cac:RegistrationAddress', node('cac:AddressLine', text('cbc:Line', customer.address))),
      ),
    ),
  );
}
