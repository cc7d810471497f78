/**
 * The sandbox's UBL 2.1 XML, read back with a real XML parser and XPath: each SUNAT element
 * carries the value that was sent or derived (sunat.md's worked examples), texts are escaped,
 * and the elements come in the order of the UBL 2.1 schemas.
 */
import { DOMParser } from '@xmldom/xmldom';
import { beforeEach, describe, expect, it } from 'vitest';
import * as xpath from 'xpath';
import { DocumentCreateParams } from '../../src/models/document.js';
import { checkDocument } from '../../src/sunat/document/index.js';
import type { ItemAttribute } from '../../src/models/document.js';
import type { Issuer } from '../../src/sunat/ubl/index.js';
import { lineKind } from '../../src/sunat/ubl/taxes.js';
import { decimal, node, print, text, xmlEscape } from '../../src/sunat/ubl/xml.js';
import { ISSUER, scenario, scenarioXml, UBL_SCENARIOS, type UblScenario } from '../ubl-scenarios.js';

const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  dn: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
};
const select = xpath.useNamespaces(NS);
const catalog = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;

/** A parsed XML with XPath readers; a parse error fails the test. */
function read(xml: string) {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(xml, 'text/xml');
  expect(errors).toEqual([]);
  const root = doc as unknown as Node;
  const nodes = (path: string, context: Node = root) => select(path, context) as Node[];
  const texts = (path: string, context?: Node) => nodes(path, context).map((n) => n.textContent ?? (n as Attr).value);
  const one = (path: string, context?: Node) => {
    const found = texts(path, context);
    expect(found, path).toHaveLength(1);
    return found[0];
  };
  return { doc, root, nodes, texts, one };
}

/** A scenario's XML read back, its body changed by `change` first. */
const render = (name: string, change?: (body: UblScenario['body']) => DocumentCreateParams) => read(scenarioXml(scenario(name), { change }));

/** The `FormaPago` payment terms as [PaymentMeansID, Amount, currency, PaymentDueDate] rows. */
function formaDePago(x: ReturnType<typeof read>) {
  return x
    .nodes("/*/cac:PaymentTerms[cbc:ID='FormaPago']")
    .map((term) => [
      x.one('cbc:PaymentMeansID', term),
      x.texts('cbc:Amount', term)[0],
      x.texts('cbc:Amount/@currencyID', term)[0],
      x.texts('cbc:PaymentDueDate', term)[0],
    ]);
}

/** Each global `cac:AllowanceCharge` as [ChargeIndicator, code, factor, amount, base, currency]. */
function adjustments(x: ReturnType<typeof read>, path = '/*/cac:AllowanceCharge', context?: Node) {
  return x
    .nodes(path, context)
    .map((a) => [
      x.one('cbc:ChargeIndicator', a),
      x.one('cbc:AllowanceChargeReasonCode', a),
      x.one('cbc:MultiplierFactorNumeric', a),
      x.one('cbc:Amount', a),
      x.one('cbc:BaseAmount', a),
      x.one('cbc:Amount/@currencyID', a),
    ]);
}

/** The document's TaxSubtotals as [scheme, name, type code, TaxableAmount, TaxAmount]. */
function subtotals(x: ReturnType<typeof read>, path = '/*/cac:TaxTotal/cac:TaxSubtotal', context?: Node) {
  return x
    .nodes(path, context)
    .map((s) => [
      x.one('cac:TaxCategory/cac:TaxScheme/cbc:ID', s),
      x.one('cac:TaxCategory/cac:TaxScheme/cbc:Name', s),
      x.one('cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode', s),
      x.texts('cbc:TaxableAmount', s)[0],
      x.one('cbc:TaxAmount', s),
    ]);
}

/** LegalMonetaryTotal (RequestedMonetaryTotal) as name → value. */
function monetary(x: ReturnType<typeof read>, name = 'LegalMonetaryTotal') {
  return Object.fromEntries(x.nodes(`/*/cac:${name}/*`).map((n) => [(n as Element).localName, n.textContent]));
}

describe('the UBL scenarios', () => {
  it.each(UBL_SCENARIOS.map((s) => [s.name, s] as const))("%s is a valid body: the schema accepts it and SUNAT's rules find nothing", (_, s) => {
    expect(DocumentCreateParams.safeParse(s.body).success).toBe(true);
    expect(checkDocument(s.body, { igvRate: s.igvReducedRate ? 0.105 : 0.18, today: s.body.issueDate })).toEqual([]);
  });
});

describe('renderUbl: a cash factura', () => {
  // Rendered in each test, not once when the file is collected: what a test asserts is what it rendered.
  let x: ReturnType<typeof read>;
  beforeEach(() => {
    x = render('cash factura');
  });

  it('is a UBL 2.1 Invoice, customization 2.0, with its number, dates, type and operation type', () => {
    expect((x.doc.documentElement as unknown as Element).namespaceURI).toBe(NS.inv);
    expect(x.one('/inv:Invoice/cbc:UBLVersionID')).toBe('2.1');
    expect(x.one('/inv:Invoice/cbc:CustomizationID')).toBe('2.0');
    expect(x.one('/inv:Invoice/cbc:ID')).toBe('F001-1');
    expect(x.one('/inv:Invoice/cbc:IssueDate')).toBe('2026-05-04');
    expect(x.one('/inv:Invoice/cbc:DueDate')).toBe('2026-05-04');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode')).toBe('01');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@listID')).toBe('0101');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@listURI')).toBe(catalog('01'));
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@listSchemeURI')).toBe(catalog('51'));
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@listName')).toBe('Tipo de Documento');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@name')).toBe('Tipo de Operacion');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@listAgencyName')).toBe('PE:SUNAT');
    expect(x.one('/inv:Invoice/cbc:DocumentCurrencyCode')).toBe('PEN');
    expect(x.one("/inv:Invoice/cbc:Note[@languageLocaleID='1000']")).toBe('SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES');
  });

  it('carries the signature placeholder where SUNAT expects it, tied to cac:Signature', () => {
    const id = x.one('/inv:Invoice/ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent/ds:Signature/@Id');
    expect(x.one('/inv:Invoice/cac:Signature/cac:DigitalSignatureAttachment/cac:ExternalReference/cbc:URI')).toBe(`#${id}`);
    expect(x.one('/inv:Invoice/cac:Signature/cac:SignatoryParty/cac:PartyIdentification/cbc:ID')).toBe('20000000001');
    expect(x.texts('//ds:Signature/ds:SignedInfo/ds:Reference/@URI')).toEqual(['']);
    expect(x.texts('//ds:Signature/ds:SignatureValue')).toHaveLength(1);
    // XML-DSig's enveloped signature of the whole document, canonical XML 1.0, RSA-SHA1 over a SHA-1 digest (SUNAT's samples).
    const info = '//ds:Signature/ds:SignedInfo';
    expect(x.one(`${info}/ds:CanonicalizationMethod/@Algorithm`)).toBe('http://www.w3.org/TR/2001/REC-xml-c14n-20010315');
    expect(x.one(`${info}/ds:SignatureMethod/@Algorithm`)).toBe('http://www.w3.org/2000/09/xmldsig#rsa-sha1');
    expect(x.one(`${info}/ds:Reference/ds:Transforms/ds:Transform/@Algorithm`)).toBe('http://www.w3.org/2000/09/xmldsig#enveloped-signature');
    expect(x.one(`${info}/ds:Reference/ds:DigestMethod/@Algorithm`)).toBe('http://www.w3.org/2000/09/xmldsig#sha1');
  });

  it('names the issuer from the account: RUC (schemeID 6), names, fiscal address 0000', () => {
    const party = '/inv:Invoice/cac:AccountingSupplierParty/cac:Party';
    expect(x.one(`${party}/cac:PartyIdentification/cbc:ID`)).toBe('20000000001');
    expect(x.one(`${party}/cac:PartyIdentification/cbc:ID/@schemeID`)).toBe('6');
    expect(x.one(`${party}/cac:PartyIdentification/cbc:ID/@schemeURI`)).toBe(catalog('06'));
    expect(x.one(`${party}/cac:PartyName/cbc:Name`)).toBe('YUPANA SANDBOX');
    expect(x.one(`${party}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('EMPRESA DE PRUEBAS S.A.C.');
    expect(x.one(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cbc:AddressTypeCode`)).toBe('0000');
    expect(x.one(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine/cbc:Line`)).toBe('AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA');
  });

  it('names the customer with its identity document type', () => {
    const party = '/inv:Invoice/cac:AccountingCustomerParty/cac:Party';
    expect(x.one(`${party}/cac:PartyIdentification/cbc:ID`)).toBe('20100047218');
    expect(x.one(`${party}/cac:PartyIdentification/cbc:ID/@schemeID`)).toBe('6');
    expect(x.one(`${party}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('COMERCIAL ANDINA S.A.C.');
    expect(x.one(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine/cbc:Line`)).toBe('JR. UCAYALI 250, CERCADO DE LIMA');
  });

  it('declares FormaPago Contado, the IGV scheme and every monetary total', () => {
    expect(formaDePago(x)).toEqual([['Contado', undefined, undefined, undefined]]);
    expect(x.one('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('36.00');
    expect(subtotals(x)).toEqual([['1000', 'IGV', 'VAT', '200.00', '36.00']]);
    expect(monetary(x)).toEqual({
      LineExtensionAmount: '200.00',
      TaxInclusiveAmount: '236.00',
      AllowanceTotalAmount: '0.00',
      ChargeTotalAmount: '0.00',
      PayableRoundingAmount: '0.00',
      PayableAmount: '236.00',
    });
  });

  it('writes the line: quantity and unit, base, price with IGV (01), tax category, codes, valor unitario', () => {
    const line = x.nodes('/inv:Invoice/cac:InvoiceLine')[0]!;
    expect(x.one('cbc:ID', line)).toBe('1');
    expect(x.one('cbc:InvoicedQuantity', line)).toBe('2');
    expect(x.one('cbc:InvoicedQuantity/@unitCode', line)).toBe('NIU');
    expect(x.one('cbc:InvoicedQuantity/@unitCodeListID', line)).toBe('UN/ECE rec 20');
    expect(x.one('cbc:LineExtensionAmount', line)).toBe('200.00');
    expect(x.one('cbc:LineExtensionAmount/@currencyID', line)).toBe('PEN');
    expect(x.one('cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceAmount', line)).toBe('118');
    expect(x.one('cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceTypeCode', line)).toBe('01');
    expect(x.one('cac:TaxTotal/cbc:TaxAmount', line)).toBe('36.00');
    expect(subtotals(x, 'cac:TaxTotal/cac:TaxSubtotal', line)).toEqual([['1000', 'IGV', 'VAT', '200.00', '36.00']]);
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount', line)).toBe('200.00');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent', line)).toBe('18.00');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode', line)).toBe('10');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode/@listURI', line)).toBe(catalog('07'));
    expect(x.one('cac:Item/cbc:Description', line)).toBe('Cemento Portland tipo I (bolsa 42.5 kg)');
    expect(x.one('cac:Item/cac:SellersItemIdentification/cbc:ID', line)).toBe('CEM-42');
    expect(x.one('cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode', line)).toBe('30111601');
    expect(x.one('cac:Price/cbc:PriceAmount', line)).toBe('100');
    expect(x.one('cac:Price/cbc:PriceAmount/@currencyID', line)).toBe('PEN');
  });

  it('references the orden de compra, the guía and the related document', () => {
    expect(x.one('/inv:Invoice/cac:OrderReference/cbc:ID')).toBe('OC4471');
    expect(x.one('/inv:Invoice/cac:DespatchDocumentReference/cbc:ID')).toBe('T001-123');
    expect(x.one('/inv:Invoice/cac:DespatchDocumentReference/cbc:DocumentTypeCode')).toBe('09');
    expect(x.one('/inv:Invoice/cac:AdditionalDocumentReference/cbc:ID')).toBe('CONTRATO-2026-15');
    expect(x.one('/inv:Invoice/cac:AdditionalDocumentReference/cbc:DocumentTypeCode')).toBe('99');
    expect(x.one('/inv:Invoice/cac:AdditionalDocumentReference/cbc:DocumentTypeCode/@listURI')).toBe(catalog('12'));
  });
});

describe('renderUbl: each scenario carries what was sent or derived', () => {
  it('credit with cuotas: Credito 236.00 in Cuota001 100.13 and Cuota002 135.87 with their due dates', () => {
    const x = render('credit factura with cuotas');
    expect(formaDePago(x)).toEqual([
      ['Credito', '236.00', 'PEN', undefined],
      ['Cuota001', '100.13', 'PEN', '2026-06-03'],
      ['Cuota002', '135.87', 'PEN', '2026-07-03'],
    ]);
    expect(x.one('/inv:Invoice/cbc:DueDate')).toBe('2026-07-03');
  });

  it('detracción: operation 1001, PaymentMeans with the account, PaymentTerms 014 at 4.00 % = 37.76 PEN, legend 2006', () => {
    const x = render('detracción 014 at 4%');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@listID')).toBe('1001');
    expect(x.one('/inv:Invoice/cac:PaymentMeans/cbc:ID')).toBe('Detraccion');
    expect(x.one('/inv:Invoice/cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('001');
    expect(x.one('/inv:Invoice/cac:PaymentMeans/cbc:PaymentMeansCode/@listURI')).toBe(catalog('59'));
    expect(x.one('/inv:Invoice/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toBe('00-741-123456');
    const terms = "/inv:Invoice/cac:PaymentTerms[cbc:ID='Detraccion']";
    expect(x.one(`${terms}/cbc:PaymentMeansID`)).toBe('014');
    expect(x.one(`${terms}/cbc:PaymentMeansID/@schemeURI`)).toBe(catalog('54'));
    expect(x.one(`${terms}/cbc:PaymentPercent`)).toBe('4.00');
    expect(x.one(`${terms}/cbc:Amount`)).toBe('37.76');
    expect(x.one(`${terms}/cbc:Amount/@currencyID`)).toBe('PEN');
    expect(x.one("/inv:Invoice/cbc:Note[@languageLocaleID='2006']")).toBe('OPERACIÓN SUJETA A DETRACCIÓN');
    expect(formaDePago(x)).toEqual([['Contado', undefined, undefined, undefined]]);
    expect(monetary(x)['PayableAmount']).toBe('944.00');
  });

  it('boleta with 2 bags to varios: ICBPER 7152 = 1.00 (2 × 0.50), BaseUnitMeasure 2, no FormaPago', () => {
    const x = render('boleta with 2 plastic bags to varios');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode')).toBe('03');
    expect(x.one('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID')).toBe('-');
    expect(x.one('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID/@schemeID')).toBe('-');
    expect(x.nodes('/inv:Invoice/cac:PaymentTerms')).toHaveLength(0);
    expect(x.one('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('2.56');
    expect(subtotals(x)).toEqual([
      ['1000', 'IGV', 'VAT', '8.64', '1.56'],
      ['7152', 'ICBPER', 'OTH', undefined, '1.00'],
    ]);
    const [drink, bags] = x.nodes('/inv:Invoice/cac:InvoiceLine');
    expect(x.one('cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceAmount', drink)).toBe('5');
    expect(x.one('cac:Price/cbc:PriceAmount', drink)).toBe('4.2372881356');
    expect(x.one('cac:TaxTotal/cbc:TaxAmount', bags)).toBe('1.03');
    expect(subtotals(x, 'cac:TaxTotal/cac:TaxSubtotal', bags)).toEqual([
      ['1000', 'IGV', 'VAT', '0.17', '0.03'],
      ['7152', 'ICBPER', 'OTH', undefined, '1.00'],
    ]);
    const icbper = "cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='7152']";
    expect(x.one(`${icbper}/cbc:TaxAmount`, bags)).toBe('1.00');
    expect(x.one(`${icbper}/cbc:BaseUnitMeasure`, bags)).toBe('2');
    expect(x.one(`${icbper}/cbc:BaseUnitMeasure/@unitCode`, bags)).toBe('NIU');
    expect(x.one(`${icbper}/cac:TaxCategory/cbc:PerUnitAmount`, bags)).toBe('0.50');
    expect(x.one('cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceAmount', bags)).toBe('0.6');
    expect(monetary(x)).toMatchObject({ LineExtensionAmount: '8.64', TaxInclusiveAmount: '11.20', PayableAmount: '11.20' });
  });

  it('free line 11: valor referencial as price 02, Price 0, 9996 GRA 200.00 / 36.00, legend 1002, payable 0.00', () => {
    const x = render('free line (11) with referenceValue');
    const line = x.nodes('/inv:Invoice/cac:InvoiceLine')[0]!;
    expect(x.one('cbc:LineExtensionAmount', line)).toBe('200.00');
    expect(x.one('cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceAmount', line)).toBe('100');
    expect(x.one('cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceTypeCode', line)).toBe('02');
    expect(x.one('cac:Price/cbc:PriceAmount', line)).toBe('0');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode', line)).toBe('11');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent', line)).toBe('18.00');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID', line)).toBe('9996');
    expect(x.one('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('0.00');
    expect(subtotals(x)).toEqual([['9996', 'GRA', 'FRE', '200.00', '36.00']]);
    expect(x.one("/inv:Invoice/cbc:Note[@languageLocaleID='1002']")).toBe('TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE');
    expect(monetary(x)).toMatchObject({ LineExtensionAmount: '0.00', TaxInclusiveAmount: '0.00', PayableAmount: '0.00' });
  });

  it('global discount 02: an allowance of 50.00 on 100.00 (0.50000) → taxable 50.00, IGV 9.00, payable 59.00', () => {
    const x = render('global discount 02');
    expect(adjustments(x)).toEqual([['false', '02', '0.50000', '50.00', '100.00', 'PEN']]);
    expect(x.one('/inv:Invoice/cac:AllowanceCharge/cbc:AllowanceChargeReasonCode/@listURI')).toBe(catalog('53'));
    expect(subtotals(x)).toEqual([['1000', 'IGV', 'VAT', '50.00', '9.00']]);
    expect(monetary(x)).toMatchObject({ LineExtensionAmount: '50.00', AllowanceTotalAmount: '0.00', PayableAmount: '59.00' });
  });

  it('global charge 49 on an exonerated line: its IGV 1.80 in a 1000 subtotal of 10.00 beside 9997, the subtotals adding up to TaxAmount', () => {
    const x = render('global charge 49 on an exonerated line');
    expect(adjustments(x)).toEqual([['true', '49', '0.10000', '10.00', '100.00', 'PEN']]);
    expect(subtotals(x)).toEqual([
      ['1000', 'IGV', 'VAT', '10.00', '1.80'],
      ['9997', 'EXO', 'VAT', '100.00', '0.00'],
    ]);
    expect(x.one('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('1.80');
    expect(monetary(x)).toMatchObject({ LineExtensionAmount: '110.00', TaxInclusiveAmount: '111.80', PayableAmount: '111.80' });
  });

  it('global discount 03: 100.00 on 590.00 (0.16949) → AllowanceTotalAmount 100.00, payable 490.00', () => {
    const x = render('global discount 03');
    expect(adjustments(x)).toEqual([['false', '03', '0.16949', '100.00', '590.00', 'PEN']]);
    expect(monetary(x)).toMatchObject({ TaxInclusiveAmount: '590.00', AllowanceTotalAmount: '100.00', PayableAmount: '490.00' });
  });

  it('export in USD: operation 0200, USD everywhere, 9995 EXP, customer without RUC, lines 40 at 0.00 %', () => {
    const x = render('export in USD');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@listID')).toBe('0200');
    expect(x.one('/inv:Invoice/cbc:DocumentCurrencyCode')).toBe('USD');
    expect(new Set(x.texts('//@currencyID'))).toEqual(new Set(['USD']));
    expect(x.one('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID/@schemeID')).toBe('0');
    expect(subtotals(x)).toEqual([['9995', 'EXP', 'FRE', '550.00', '0.00']]);
    const line = x.nodes('/inv:Invoice/cac:InvoiceLine')[0]!;
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode', line)).toBe('40');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent', line)).toBe('0.00');
    expect(x.one('cbc:InvoicedQuantity/@unitCode', line)).toBe('KGM');
    expect(x.one("/inv:Invoice/cbc:Note[@languageLocaleID='1000']")).toBe('SON QUINIENTOS CINCUENTA CON 00/100 DÓLARES AMERICANOS');
    expect(monetary(x)['PayableAmount']).toBe('550.00');
  });

  it('percepción 51: operation 2001, a charge of 14.16 on 708.00 (0.02000) in PEN, Percepcion 722.16, not payable', () => {
    const x = render('percepción 51');
    expect(x.one('/inv:Invoice/cbc:InvoiceTypeCode/@listID')).toBe('2001');
    expect(adjustments(x)).toEqual([['true', '51', '0.02000', '14.16', '708.00', 'PEN']]);
    expect(x.one("/inv:Invoice/cac:PaymentTerms[cbc:ID='Percepcion']/cbc:Amount")).toBe('722.16');
    expect(x.one("/inv:Invoice/cac:PaymentTerms[cbc:ID='Percepcion']/cbc:Amount/@currencyID")).toBe('PEN');
    expect(x.one("/inv:Invoice/cbc:Note[@languageLocaleID='2000']")).toBe('COMPROBANTE DE PERCEPCIÓN');
    expect(monetary(x)['PayableAmount']).toBe('708.00');
  });

  it('retención: an allowance 62 of 21.24 on 708.00 (0.03000); the cuota is the net 686.76; payable stays 708.00', () => {
    const x = render('retención 3% on credit');
    expect(adjustments(x)).toEqual([['false', '62', '0.03000', '21.24', '708.00', 'PEN']]);
    expect(formaDePago(x)).toEqual([
      ['Credito', '686.76', 'PEN', undefined],
      ['Cuota001', '686.76', 'PEN', '2026-06-03'],
    ]);
    expect(monetary(x)['PayableAmount']).toBe('708.00');
  });

  it('nota de crédito for a factura issued elsewhere: CreditNote, BillingReference FF14-2 / 01, DiscrepancyResponse 01', () => {
    const x = render('nota de crédito for a factura issued elsewhere');
    expect((x.doc.documentElement as unknown as Element).namespaceURI).toBe(NS.cn);
    expect(x.one('/cn:CreditNote/cbc:ID')).toBe('F001-1');
    expect(x.nodes('//cbc:InvoiceTypeCode')).toHaveLength(0);
    expect(x.nodes('/cn:CreditNote/cbc:DueDate')).toHaveLength(0);
    expect(x.one('/cn:CreditNote/cac:DiscrepancyResponse/cbc:ReferenceID')).toBe('FF14-2');
    expect(x.one('/cn:CreditNote/cac:DiscrepancyResponse/cbc:ResponseCode')).toBe('01');
    expect(x.one('/cn:CreditNote/cac:DiscrepancyResponse/cbc:ResponseCode/@listURI')).toBe(catalog('09'));
    expect(x.one('/cn:CreditNote/cac:DiscrepancyResponse/cbc:Description')).toBe('Anulación de la operación');
    const ref = '/cn:CreditNote/cac:BillingReference/cac:InvoiceDocumentReference';
    expect(x.one(`${ref}/cbc:ID`)).toBe('FF14-2');
    expect(x.one(`${ref}/cbc:IssueDate`)).toBe('2026-04-20');
    expect(x.one(`${ref}/cbc:DocumentTypeCode`)).toBe('01');
    expect(x.one('/cn:CreditNote/cac:CreditNoteLine/cbc:CreditedQuantity')).toBe('2');
    expect(x.nodes('/cn:CreditNote/cac:PaymentTerms')).toHaveLength(0);
    expect(monetary(x)['PayableAmount']).toBe('236.00');
  });

  it('nota de crédito reason 13: ResponseCode 13, Credito 236.00 in two cuotas, payable 0.00', () => {
    const x = render('nota de crédito reason 13 with cuotas');
    expect(x.one('/cn:CreditNote/cac:DiscrepancyResponse/cbc:ResponseCode')).toBe('13');
    expect(x.one('/cn:CreditNote/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('F001-2');
    expect(formaDePago(x)).toEqual([
      ['Credito', '236.00', 'PEN', undefined],
      ['Cuota001', '118.00', 'PEN', '2026-06-15'],
      ['Cuota002', '118.00', 'PEN', '2026-07-15'],
    ]);
    expect(monetary(x)['PayableAmount']).toBe('0.00');
  });

  it('nota de débito by documentId: DebitNote, the resolved document in BillingReference, catálogo 10, RequestedMonetaryTotal', () => {
    const x = render('nota de débito by documentId');
    expect((x.doc.documentElement as unknown as Element).namespaceURI).toBe(NS.dn);
    expect(x.one('/dn:DebitNote/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('F001-2');
    expect(x.one('/dn:DebitNote/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode')).toBe('01');
    expect(x.one('/dn:DebitNote/cac:DiscrepancyResponse/cbc:ResponseCode/@listURI')).toBe(catalog('10'));
    expect(x.one('/dn:DebitNote/cac:DiscrepancyResponse/cbc:Description')).toBe('Intereses por pago fuera de plazo');
    expect(x.one('/dn:DebitNote/cac:DebitNoteLine/cbc:DebitedQuantity')).toBe('1');
    expect(x.nodes('/dn:DebitNote/cac:LegalMonetaryTotal')).toHaveLength(0);
    expect(monetary(x, 'RequestedMonetaryTotal')).toMatchObject({ LineExtensionAmount: '50.00', PayableAmount: '59.00' });
  });

  it('a nota by documentId without the resolved document is a TypeError, not an XML without BillingReference', () => {
    const s = scenario('nota de débito by documentId');
    expect(() => scenarioXml({ ...s, modifiedDocument: undefined })).toThrow(
      new TypeError('a nota whose reference is a documentId needs the modified document (options.modifiedDocument) to be rendered'),
    );
  });

  it('a nota by documentId whose resolved document has no issue date names it without an IssueDate', () => {
    const s = scenario('nota de débito by documentId');
    const x = read(scenarioXml({ ...s, modifiedDocument: { type: '01', fullNumber: 'F001-2' } }));
    const billed = '/dn:DebitNote/cac:BillingReference/cac:InvoiceDocumentReference';
    expect(x.one(`${billed}/cbc:ID`)).toBe('F001-2');
    expect(x.nodes(`${billed}/cbc:IssueDate`)).toHaveLength(0);
    expect(x.one(`${billed}/cbc:DocumentTypeCode`)).toBe('01');
  });

  it('detracción on a USD factura: the amount in PEN (1180.00 × 12 % × 3.75 = 531.00), the rest in USD', () => {
    const x = render('detracción 037 on a USD factura');
    const terms = "/inv:Invoice/cac:PaymentTerms[cbc:ID='Detraccion']";
    expect(x.one(`${terms}/cbc:PaymentMeansID`)).toBe('037');
    expect(x.one(`${terms}/cbc:PaymentPercent`)).toBe('12.00');
    expect(x.one(`${terms}/cbc:Amount`)).toBe('531.00');
    expect(x.one(`${terms}/cbc:Amount/@currencyID`)).toBe('PEN');
    expect(x.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount/@currencyID')).toBe('USD');
    expect(monetary(x)['PayableAmount']).toBe('1180.00');
  });

  it('every field: each scheme once, line 00/48 and global 03/49 with their bases and factors, rounding, all totals', () => {
    const x = render('every field on one factura');
    expect(x.one('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('37.55');
    expect(subtotals(x)).toEqual([
      ['1000', 'IGV', 'VAT', '200.25', '36.05'],
      ['9997', 'EXO', 'VAT', '50.00', '0.00'],
      ['9998', 'INA', 'FRE', '30.00', '0.00'],
      ['9996', 'GRA', 'FRE', '20.00', '0.00'],
      ['7152', 'ICBPER', 'OTH', undefined, '1.50'],
    ]);
    expect(adjustments(x)).toEqual([
      ['false', '03', '0.01573', '5.00', '317.80', 'PEN'],
      ['true', '49', '0.05256', '10.00', '190.25', 'PEN'],
    ]);
    const [cement, book, transport, sample, bags] = x.nodes('/inv:Invoice/cac:InvoiceLine');
    expect(x.one('cbc:LineExtensionAmount', cement)).toBe('190.00');
    expect(adjustments(x, 'cac:AllowanceCharge', cement)).toEqual([
      ['false', '00', '0.05000', '10.00', '200.00', 'PEN'],
      ['true', '48', '0.02500', '5.00', '200.00', 'PEN'],
    ]);
    // (190.00 + 34.20 + 5.00) / 2
    expect(x.one('cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceAmount', cement)).toBe('114.6');
    const reason = 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode';
    expect([book, transport, sample, bags].map((line) => x.texts(reason, line)[0])).toEqual(['20', '30', '21', '10']);
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent', book)).toBe('0.00');
    expect(x.one('cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceTypeCode', sample)).toBe('02');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:PerUnitAmount', bags)).toBe('0.50');
    expect(x.one('cac:TaxTotal/cac:TaxSubtotal/cbc:BaseUnitMeasure', bags)).toBe('3');
    expect(monetary(x)).toEqual({
      LineExtensionAmount: '280.25',
      TaxInclusiveAmount: '317.80',
      AllowanceTotalAmount: '5.00',
      ChargeTotalAmount: '5.00',
      PayableRoundingAmount: '-0.80',
      PayableAmount: '317.00',
    });
    expect(formaDePago(x)).toEqual([
      ['Credito', '317.00', 'PEN', undefined],
      ['Cuota001', '200.00', 'PEN', '2026-06-03'],
      ['Cuota002', '117.00', 'PEN', '2026-07-03'],
    ]);
  });

  it("writes the issuer's reduced IGV rate as each IGV line's Percent", () => {
    const x = read(scenarioXml(scenario('cash factura'), { igvRate: 0.105 }));
    expect(x.one('//cac:InvoiceLine/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toBe('10.50');
  });

  it('writes a detracción rate finer than 0.01 % exactly as PaymentPercent', () => {
    const x = render('detracción 014 at 4%', (body) => ({ ...body, detraction: { ...body.detraction!, rate: 0.00125 } }));
    expect(x.one("/inv:Invoice/cac:PaymentTerms[cbc:ID='Detraccion']/cbc:PaymentPercent")).toBe('0.125');
  });

  it('refuses a document whose amounts cannot be computed (an amount with more than 2 decimals) instead of rounding it away', () => {
    expect(() => scenarioXml(scenario('cash factura'), { change: (body) => ({ ...body, rounding: 0.001 }) })).toThrow(
      new RangeError('rounding must have at most 2 decimals, got 0.001'),
    );
  });
});

/**
 * XML 1.0's `Char` production, written out: tab, line feed, carriage return, U+0020-U+D7FF,
 * U+E000-U+FFFD and U+10000-U+10FFFF (a surrogate pair). Anything else makes a document that is
 * not well-formed, whatever a lenient parser makes of it.
 */
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
/** Parses `xml` strictly: any warning or error of @xmldom/xmldom fails, and so does a character or character reference XML 1.0 does not allow. */
function parseStrictly(xml: string) {
  const references = [...xml.matchAll(/&#(x[0-9a-fA-F]+|\d+);/g)].map(([, n]) => String.fromCodePoint(n!.startsWith('x') ? Number.parseInt(n!.slice(1), 16) : Number(n)));
  expect(XML_CHARS.test(xml) && XML_CHARS.test(references.join('')), 'only the characters XML 1.0 allows').toBe(true);
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
}

describe('renderUbl: each part when it is there, and when it is not', () => {
  const party = '/inv:Invoice/cac:AccountingSupplierParty/cac:Party';
  const issuedBy = (issuer: Issuer, establishmentCode = '0000') =>
    read(scenarioXml(scenario('cash factura'), { issuer, change: (body) => ({ ...body, establishmentCode }) }));
  const fiscal = { ruc: '20000000001', name: 'EMPRESA DE PRUEBAS S.A.C.', address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA' };

  it('an issuer without a trade name has no PartyName; without its establishments listed, 0000 is the fiscal address and another code has none', () => {
    const x = issuedBy(fiscal);
    expect(x.nodes(`${party}/cac:PartyName`)).toHaveLength(0);
    expect(x.one(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine/cbc:Line`)).toBe(fiscal.address);
    const other = issuedBy(fiscal, '0002');
    expect(other.one(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cbc:AddressTypeCode`)).toBe('0002');
    expect(other.nodes(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine`)).toHaveLength(0);
    expect(other.one(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cac:Country/cbc:IdentificationCode`)).toBe('PE');
  });

  it("0000 not in the issuer's list is still the fiscal address; a listed establishment without an address has none", () => {
    const issuer = { ...fiscal, establishments: [{ code: '0001', address: 'CALLE MERCADERES 142, CERCADO, AREQUIPA' }, { code: '0002' }] };
    expect(issuedBy(issuer).one(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine/cbc:Line`)).toBe(fiscal.address);
    expect(issuedBy(issuer, '0002').nodes(`${party}/cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine`)).toHaveLength(0);
  });

  it('declares the ISC (2000) when any line has one, not only when all do: 500.00 × 25 % + 10 × 2.25 = 147.50 on 540.00', () => {
    const x = render('ISC al valor and específico', (body) => ({ ...body, items: [...body.items, { description: 'Agua', quantity: 1, unitPrice: 10, igv: 1.8 }] }));
    expect(subtotals(x)).toContainEqual(['2000', 'ISC', 'EXC', '540.00', '147.50']);
  });

  it("adds the IVAP to the document's TaxAmount: 3 × 18.50 = 55.50 at 4 % = 2.22", () => {
    expect(render('IVAP boleta').one('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('2.22');
  });

  it('declares the taxed base (1000) of a global charge 49 too small to carry IGV: 0.02 at 18 % is 0.00', () => {
    const x = render('global charge 49 on an exonerated line', (body) => ({ ...body, charges: [{ code: '49', amount: 0.02, base: 100 }] }));
    expect(subtotals(x)).toContainEqual(['1000', 'IGV', 'VAT', '0.02', '0.00']);
  });

  it("writes every amount of a USD document in USD: a global discount's base, an advance's PaidAmount, a line's value and price", () => {
    const exported = render('export in USD', (body) => ({ ...body, discounts: [{ code: '03', amount: 10 }] }));
    expect(exported.texts('/inv:Invoice/cac:AllowanceCharge/cbc:BaseAmount/@currencyID')).toEqual(['USD']);
    expect(exported.texts('/inv:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount/@currencyID')).toSatisfy((c: string[]) => c.length > 0 && c.every((id) => id === 'USD'));
    const advanced = render('anticipo: the final factura that deducts it', (body) => ({ ...body, currency: 'USD' }));
    expect(advanced.texts('/inv:Invoice/cac:PrepaidPayment/cbc:PaidAmount/@currencyID')).toEqual(['USD']);
  });

  it("writes an attribute's UsabilityPeriod with only what it has: a time alone, an end date alone, a date without days", () => {
    const period = (attribute: ItemAttribute) => {
      const x = render('boleta with a vehicle plate (7000) and a GTIN', (body) => ({ ...body, items: [{ ...body.items[0]!, attributes: [attribute] }] }));
      return x.nodes('//cac:AdditionalItemProperty/cac:UsabilityPeriod').map((node) => childNames(node));
    };
    expect(period({ code: '3060', name: 'Hora programada de inicio de viaje', startTime: '08:30:00' })).toEqual([['StartTime']]);
    expect(period({ code: '4063', name: 'Fin del periodo de la regalía', endDate: '2026-04-30' })).toEqual([['EndDate']]);
    expect(period({ code: '4003', name: 'Fecha de ingreso al establecimiento', startDate: '2026-05-01' })).toEqual([['StartDate']]);
    expect(period({ code: '4005', name: 'Número de días de permanencia', duration: 3 })).toEqual([['DurationMeasure']]);
  });

  it("refuses a cargo trip's referential value with more than 2 decimals, naming it, instead of rounding it away", () => {
    for (const field of ['serviceReferenceValue', 'effectiveLoadReferenceValue', 'nominalLoadReferenceValue'] as const) {
      const change = (body: UblScenario['body']) => ({
        ...body,
        items: body.items.map((item) => ({ ...item, cargoTransport: { ...item.cargoTransport!, [field]: 2400.005 } })),
      });
      expect(() => render('detracción of a cargo transport service (1004) with its trip', change)).toThrow(new RegExp(`^cargoTransport\\.${field}\\b`));
    }
  });

  it('refuses a document type it does not render, and an affectation catálogo 07 does not have, as RangeErrors naming them', () => {
    expect(() => render('cash factura', (body) => ({ ...body, type: '99' as never }))).toThrow(
      new RangeError('type 99 is not a document the sandbox renders (01, 03, 07, 08)'),
    );
    expect(() => lineKind('18')).toThrow(new RangeError('igvAffectation 18 is not one the sandbox renders (catálogo 07: 10-17, 20, 21, 30-37, 40)'));
  });
});

describe('the XML printer (sunat/ubl/xml.ts)', () => {
  it('prints one element a line, two spaces a level, an empty element closed on itself', () => {
    expect(print(node('a', text('b', 'c'), node('d', node('e'))))).toBe('<a>\n  <b>c</b>\n  <d>\n    <e/>\n  </d>\n</a>');
  });

  it('leaves out an absent child, even the first, and an absent attribute; takes a record of attributes named content for attributes', () => {
    expect(print(node('a', undefined, false, text('b', 'c')))).toBe('<a>\n  <b>c</b>\n</a>');
    expect(print(node('a', { x: undefined, y: '1' }))).toBe('<a y="1"/>');
    expect(print(node('a', { content: 'x' }, text('b', 'c')))).toBe('<a content="x">\n  <b>c</b>\n</a>');
  });

  it('names a text that cannot be written "a text" when the caller does not name it', () => {
    expect(() => xmlEscape('A\u0001')).toThrow(new RangeError('a text holds U+0001, a character XML cannot carry: the document cannot be rendered with it'));
  });

  it('prints a negative value with its sign, zero without one, and names "value" when it cannot read one', () => {
    expect(decimal(-1.5)).toBe('-1.5');
    expect(decimal(-0.0000000001)).toBe('-0.0000000001');
    expect(decimal(0)).toBe('0');
    expect(decimal(-25n * 10n ** 9n)).toBe('-2.5');
    expect(() => decimal(Number.NaN)).toThrow(/^value must be a finite decimal/);
  });
});

describe('renderUbl: well-formed XML, always (issue 33)', () => {
  it.each(UBL_SCENARIOS.map((s) => [s.name, s] as const))('%s: parsed strictly, nothing but XML 1.0 characters', (_, s) => {
    const doc = parseStrictly(scenarioXml(s));
    expect(doc.documentElement?.localName).toMatch(/^(Invoice|CreditNote|DebitNote)$/);
  });

  const named = (name: string) => (body: UblScenario['body']) => ({ ...body, customer: { ...body.customer, name } });
  it.each([
    ['NUL', 'ACME\u0000', 'U+0000'],
    ['a C0 control', 'ACME\u0001 S.A.C.', 'U+0001'],
    ['a vertical tab', 'ACME\u000B', 'U+000B'],
    ['the last C0 control', '\u001FACME', 'U+001F'],
    ['U+FFFE', 'ACME\uFFFE', 'U+FFFE'],
    ['U+FFFF', 'ACME\uFFFF', 'U+FFFF'],
    ['a lone high surrogate', 'ACME\uD83D', 'U+D83D'],
    ['a lone low surrogate', '\uDE00ACME', 'U+DE00'],
  ])('refuses text with %s, naming the element and the character, instead of writing XML that is not well-formed', (_, name, code) => {
    expect(() => scenarioXml(scenario('cash factura'), { change: named(name) })).toThrow(
      new RangeError(`cbc:RegistrationName holds ${code}, a character XML cannot carry: the document cannot be rendered with it`),
    );
  });

  it('refuses an attribute with a character XML cannot carry, too', () => {
    const change = (body: UblScenario['body']) => ({ ...body, legends: [{ code: '2001\u0002', text: 'x' }] });
    expect(() => scenarioXml(scenario('cash factura'), { change })).toThrow(/^the attribute languageLocaleID of cbc:Note holds U\+0002/);
  });

  it('writes every character XML can carry, and reads it back exactly: tab, line feed, carriage return, U+D7FF, U+E000, U+FFFD, a pair above U+FFFF', () => {
    const name = 'A\tB\nC\rD\r\nE \uD7FF\uE000\uFFFD \u{1F600} Ñandú';
    const legend = 'L\tM\rN';
    const change = (body: UblScenario['body']) => ({ ...named(name)(body), legends: [{ code: `2001\t\n\r`, text: legend }] });
    const xml = scenarioXml(scenario('cash factura'), { change });
    // @xmldom/xmldom warns of U+FFFD ("source encoding issues?"), a character XML allows: read, not parsed strictly.
    expect(XML_CHARS.test(xml)).toBe(true);
    const x = read(xml);
    expect(x.one('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName')).toBe(name);
    expect(x.texts('/inv:Invoice/cbc:Note/@languageLocaleID')).toEqual(['1000', '2001\t\n\r']);
    expect(x.texts('/inv:Invoice/cbc:Note')[1]).toBe(legend);
  });
});

describe('renderUbl: escaping', () => {
  const hostile = `A & B <cac:InvoiceLine/> "q" 'a' ]]> </cbc:Description>`;

  it('every text and attribute reads back exactly as sent, with no element injected', () => {
    const xml = scenarioXml(scenario('cash factura'), {
      change: (body) => ({
        ...body,
        customer: { ...body.customer, name: hostile, address: hostile },
        items: [{ ...body.items[0]!, description: hostile, code: '<b>&' }],
        legends: [{ code: '2001', text: hostile }],
        purchaseOrder: '"><x/>',
        despatches: [{ type: '09', fullNumber: "T001-1'&" }],
      }),
      issuer: { ...ISSUER, name: hostile, tradeName: '&amp;', address: '<' },
    });
    const x = read(xml);
    expect(x.one('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName')).toBe(hostile);
    expect(x.one('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cac:RegistrationAddress/cac:AddressLine/cbc:Line')).toBe(hostile);
    expect(x.one('/inv:Invoice/cac:InvoiceLine/cac:Item/cbc:Description')).toBe(hostile);
    expect(x.one('/inv:Invoice/cac:InvoiceLine/cac:Item/cac:SellersItemIdentification/cbc:ID')).toBe('<b>&');
    expect(x.one("/inv:Invoice/cbc:Note[@languageLocaleID='2001']")).toBe(hostile);
    expect(x.one('/inv:Invoice/cac:OrderReference/cbc:ID')).toBe('"><x/>');
    expect(x.one('/inv:Invoice/cac:DespatchDocumentReference/cbc:ID')).toBe("T001-1'&");
    expect(x.one('/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName')).toBe(hostile);
    expect(x.one('/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name')).toBe('&amp;');
    expect(x.nodes('//cac:InvoiceLine')).toHaveLength(1);
    expect(x.nodes('//x')).toHaveLength(0);
  });

  it('escapes attribute values too', () => {
    const x = render('cash factura', (body) => ({ ...body, legends: [{ code: `1000" evil="1`, text: 't' }] }));
    expect(x.texts('/inv:Invoice/cbc:Note/@languageLocaleID')).toEqual(['1000', `1000" evil="1`]);
    expect(x.nodes('/inv:Invoice/cbc:Note/@evil')).toHaveLength(0);
  });
});

/** The UBL 2.1 schemas' sequences (xsd/maindoc and CommonAggregateComponents), for the elements SUNAT uses. */
const UBL_ORDER = {
  Invoice: [
    'UBLExtensions',
    'UBLVersionID',
    'CustomizationID',
    'ID',
    'IssueDate',
    'IssueTime',
    'DueDate',
    'InvoiceTypeCode',
    'Note',
    'DocumentCurrencyCode',
    'OrderReference',
    'BillingReference',
    'DespatchDocumentReference',
    'AdditionalDocumentReference',
    'Signature',
    'AccountingSupplierParty',
    'AccountingCustomerParty',
    'Delivery',
    'PaymentMeans',
    'PaymentTerms',
    'PrepaidPayment',
    'AllowanceCharge',
    'TaxTotal',
    'LegalMonetaryTotal',
    'InvoiceLine',
  ],
  CreditNote: [
    'UBLExtensions',
    'UBLVersionID',
    'CustomizationID',
    'ID',
    'IssueDate',
    'Note',
    'DocumentCurrencyCode',
    'DiscrepancyResponse',
    'OrderReference',
    'BillingReference',
    'DespatchDocumentReference',
    'AdditionalDocumentReference',
    'Signature',
    'AccountingSupplierParty',
    'AccountingCustomerParty',
    'Delivery',
    'PaymentMeans',
    'PaymentTerms',
    'AllowanceCharge',
    'TaxTotal',
    'LegalMonetaryTotal',
    'CreditNoteLine',
  ],
  DebitNote: [
    'UBLExtensions',
    'UBLVersionID',
    'CustomizationID',
    'ID',
    'IssueDate',
    'Note',
    'DocumentCurrencyCode',
    'DiscrepancyResponse',
    'OrderReference',
    'BillingReference',
    'DespatchDocumentReference',
    'AdditionalDocumentReference',
    'Signature',
    'AccountingSupplierParty',
    'AccountingCustomerParty',
    'AllowanceCharge',
    'Delivery',
    'PaymentMeans',
    'PaymentTerms',
    'TaxTotal',
    'RequestedMonetaryTotal',
    'DebitNoteLine',
  ],
  Line: [
    'ID',
    'InvoicedQuantity',
    'CreditedQuantity',
    'DebitedQuantity',
    'LineExtensionAmount',
    'PricingReference',
    'Delivery',
    'AllowanceCharge',
    'TaxTotal',
    'Item',
    'Price',
  ],
  AllowanceCharge: ['ChargeIndicator', 'AllowanceChargeReasonCode', 'MultiplierFactorNumeric', 'Amount', 'BaseAmount'],
  PaymentTerms: ['ID', 'PaymentMeansID', 'PaymentPercent', 'Amount', 'PaymentDueDate'],
  TaxSubtotal: ['TaxableAmount', 'TaxAmount', 'BaseUnitMeasure', 'TaxCategory'],
  TaxCategory: ['ID', 'Percent', 'PerUnitAmount', 'TaxExemptionReasonCode', 'TierRange', 'TaxScheme'],
  MonetaryTotal: ['LineExtensionAmount', 'TaxInclusiveAmount', 'AllowanceTotalAmount', 'ChargeTotalAmount', 'PrepaidAmount', 'PayableRoundingAmount', 'PayableAmount'],
  DocumentReference: ['ID', 'DocumentTypeCode', 'DocumentStatusCode', 'IssuerParty'],
  PrepaidPayment: ['ID', 'PaidAmount'],
  Item: ['Description', 'SellersItemIdentification', 'StandardItemIdentification', 'CommodityClassification', 'AdditionalItemProperty'],
  ItemProperty: ['Name', 'NameCode', 'Value', 'ValueQuantity', 'UsabilityPeriod'],
  Period: ['StartDate', 'StartTime', 'EndDate', 'DurationMeasure'],
  Address: ['ID', 'CitySubdivisionName', 'CityName', 'CountrySubentity', 'District', 'AddressLine', 'Country'],
  PaymentMeans: ['ID', 'PaymentMeansCode', 'PaymentID', 'PayeeFinancialAccount'],
};

/** Whether the children's names follow `order` (each known, never going back). */
function inOrder(names: string[], order: string[]): boolean {
  const positions = names.map((name) => order.indexOf(name));
  return positions.every((p, i) => p >= 0 && (i === 0 || p >= positions[i - 1]!));
}

const childNames = (node: Node) =>
  Array.from(node.childNodes)
    .filter((n) => n.nodeType === 1)
    .map((n) => (n as Element).localName);

describe('renderUbl: element order follows the UBL 2.1 schemas', () => {
  for (const s of UBL_SCENARIOS) {
    it(s.name, () => {
      const x = read(scenarioXml(s));
      const root = x.doc.documentElement as unknown as Element;
      const order = UBL_ORDER[root.localName as 'Invoice' | 'CreditNote' | 'DebitNote'];
      expect(childNames(root as unknown as Node), root.localName).toSatisfy((names: string[]) => inOrder(names, order));
      const check = (path: string, sequence: string[]) => {
        for (const node of x.nodes(path)) expect(childNames(node), path).toSatisfy((names: string[]) => inOrder(names, sequence));
      };
      check('/*/cac:InvoiceLine | /*/cac:CreditNoteLine | /*/cac:DebitNoteLine', UBL_ORDER.Line);
      check('//cac:AllowanceCharge', UBL_ORDER.AllowanceCharge);
      check('//cac:AdditionalDocumentReference', UBL_ORDER.DocumentReference);
      check('//cac:PrepaidPayment', UBL_ORDER.PrepaidPayment);
      check('//cac:PaymentTerms', UBL_ORDER.PaymentTerms);
      check('//cac:TaxSubtotal', UBL_ORDER.TaxSubtotal);
      check('//cac:TaxSubtotal/cac:TaxCategory', UBL_ORDER.TaxCategory);
      check('/*/cac:LegalMonetaryTotal | /*/cac:RequestedMonetaryTotal', UBL_ORDER.MonetaryTotal);
      check('//cac:Item', UBL_ORDER.Item);
      check('//cac:AdditionalItemProperty', UBL_ORDER.ItemProperty);
      check('//cac:UsabilityPeriod', UBL_ORDER.Period);
      check('//cac:Delivery/cac:DeliveryLocation/cac:Address', UBL_ORDER.Address);
      check('//cac:PaymentMeans', UBL_ORDER.PaymentMeans);
    });
  }

  it('a DebitNote puts its AllowanceCharge before PaymentTerms, an Invoice after', () => {
    const withCharge = (name: string) => render(name, (body) => ({ ...body, paymentTerms: { type: 'cash' }, charges: [{ code: '50', amount: 1 }] }));
    const rootNames = (x: ReturnType<typeof read>) => childNames(x.doc.documentElement as unknown as Node);
    const debit = rootNames(withCharge('nota de débito by documentId'));
    expect(debit.indexOf('AllowanceCharge')).toBeLessThan(debit.indexOf('PaymentTerms'));
    const invoice = rootNames(withCharge('cash factura'));
    expect(invoice.indexOf('AllowanceCharge')).toBeGreaterThan(invoice.indexOf('PaymentTerms'));
  });
});
