/**
 * The XML of SUNAT's summaries (src/sunat/ubl/summaries.ts), read with a real parser: a resumen
 * diario line carries each amount where SUNAT's stylesheet reads it (BillingPayment by
 * InstructionID, a TaxTotal per tax, AllowanceCharge for charges), in the document's currency;
 * a comunicación de baja splits each number into its series and correlative.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentTotals } from '../../src/models/document.js';
import { renderSummaryDocuments, renderVoidedDocuments, type SummaryDocumentLine } from '../../src/sunat/ubl/summaries.js';
import { readXml } from './read-xml.js';

const issuer = { ruc: '20000000001', name: 'EMPRESA DE PRUEBAS S.A.C.', tradeName: undefined, address: undefined };
const header = { identifier: 'RC-20260505-3', issueDate: '2026-05-05', referenceDate: '2026-05-04', issuer };
const zeros: DocumentTotals = {
  taxable: 0,
  exempt: 0,
  unaffected: 0,
  export: 0,
  free: 0,
  freeIgv: 0,
  igv: 0,
  iscBase: 0,
  isc: 0,
  ivapBase: 0,
  ivap: 0,
  icbper: 0,
  lineExtension: 0,
  taxInclusive: 0,
  discounts: 0,
  charges: 0,
  rounding: 0,
  total: 0,
};
const line = (totals: Partial<DocumentTotals>, extra: Partial<SummaryDocumentLine> = {}): SummaryDocumentLine => ({
  type: '03',
  fullNumber: 'B001-7',
  condition: '3',
  currency: 'PEN',
  customer: { documentType: '1', documentNumber: '46027896' },
  totals: { ...zeros, ...totals },
  ...extra,
});
const LINE = '/sd:SummaryDocuments/sac:SummaryDocumentsLine';

describe('renderSummaryDocuments', () => {
  it('puts each kind of sale under its InstructionID, charges in an AllowanceCharge, and a TaxTotal per tax (ISC 2000, ICBPER 7152)', () => {
    const xml = readXml(
      renderSummaryDocuments(header, [line({ taxable: 100, exempt: 20, unaffected: 10, export: 5, free: 7, igv: 18, isc: 12.5, icbper: 1, charges: 3, total: 169.5 })]),
    );
    const paid = (id: string) => xml.texts(`${LINE}/sac:BillingPayment[cbc:InstructionID='${id}']/cbc:PaidAmount`);
    expect([paid('01'), paid('02'), paid('03'), paid('04'), paid('05')]).toEqual([['100.00'], ['20.00'], ['10.00'], ['5.00'], ['7.00']]);
    expect(xml.one(`${LINE}/cac:AllowanceCharge/cbc:ChargeIndicator`)).toBe('true');
    expect(xml.one(`${LINE}/cac:AllowanceCharge/cbc:Amount`)).toBe('3.00');
    // Every amount names its currency: the total, five sales, the charge, three TaxTotals and their TaxSubtotals.
    expect(xml.texts('//@currencyID')).toEqual(Array(13).fill('PEN'));
    const tax = (id: string) => xml.texts(`${LINE}/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='${id}']/cbc:TaxAmount`);
    expect([tax('1000'), tax('2000'), tax('7152'), tax('1016')]).toEqual([['18.00'], ['12.50'], ['1.00'], []]);
    expect(xml.texts(`${LINE}/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:Name`)).toEqual(['IGV', 'ISC', 'ICBPER']);
    expect(xml.texts(`${LINE}/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode`)).toEqual(['VAT', 'EXC', 'OTH']);
    // Each TaxSubtotal repeats its TaxTotal's amount (SUNAT's 2344).
    expect(xml.texts(`${LINE}/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount`)).toEqual(['18.00', '12.50', '1.00']);
    expect(xml.one(`${LINE}/sac:TotalAmount`)).toBe('169.50');
  });

  it('leaves out what is zero but the IGV, which every line carries, 0.00 when nothing is taxed (SUNAT 2278)', () => {
    const xml = readXml(renderSummaryDocuments(header, [line({ exempt: 50, total: 50 })]));
    expect(xml.texts(`${LINE}/sac:BillingPayment/cbc:InstructionID`)).toEqual(['02']);
    expect(xml.texts(`${LINE}/cac:AllowanceCharge`)).toEqual([]);
    expect(xml.texts(`${LINE}/cac:TaxTotal/cbc:TaxAmount`)).toEqual(['0.00']);
    expect(xml.one(`${LINE}/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID`)).toBe('1000');
  });

  it("an IVAP boleta's tax is IVAP (1016) instead of IGV", () => {
    const xml = readXml(renderSummaryDocuments(header, [line({ ivapBase: 200, ivap: 8, total: 208 })]));
    expect(xml.texts(`${LINE}/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID`)).toEqual(['1016']);
    expect(xml.texts(`${LINE}/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:Name`)).toEqual(['IVAP']);
    expect(xml.texts(`${LINE}/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode`)).toEqual(['VAT']);
    expect(xml.one(`${LINE}/cac:TaxTotal/cbc:TaxAmount`)).toBe('8.00');
  });

  it("writes every amount in the document's currency, and the header SUNAT reads: UBL 2.0, CustomizationID 1.1, the issuer", () => {
    const xml = readXml(renderSummaryDocuments(header, [line({ taxable: 10, igv: 1.8, total: 11.8 }, { currency: 'USD' })]));
    // Every amount names it: the total, the one sale, and the IGV's TaxTotal and TaxSubtotal.
    expect(xml.texts('//@currencyID')).toEqual(['USD', 'USD', 'USD', 'USD']);
    expect(xml.one('/sd:SummaryDocuments/cbc:UBLVersionID')).toBe('2.0');
    expect(xml.one('/sd:SummaryDocuments/cbc:CustomizationID')).toBe('1.1');
    expect(xml.one('/sd:SummaryDocuments/cbc:ID')).toBe('RC-20260505-3');
    expect(xml.one('/sd:SummaryDocuments/cbc:ReferenceDate')).toBe('2026-05-04');
    expect(xml.one('/sd:SummaryDocuments/cbc:IssueDate')).toBe('2026-05-05');
    expect(xml.one('/sd:SummaryDocuments/cac:Signature/cac:SignatoryParty/cac:PartyIdentification/cbc:ID')).toBe('20000000001');
    expect(xml.one('/sd:SummaryDocuments/cac:AccountingSupplierParty/cbc:CustomerAssignedAccountID')).toBe('20000000001');
    expect(xml.one('/sd:SummaryDocuments/cac:AccountingSupplierParty/cbc:AdditionalAccountID')).toBe('6');
    expect(xml.one('/sd:SummaryDocuments/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName')).toBe('EMPRESA DE PRUEBAS S.A.C.');
  });

  it('numbers its lines from 1, each with its document, customer, condition and, on a nota, the document it modifies', () => {
    const xml = readXml(
      renderSummaryDocuments(header, [
        line({ total: 1 }),
        line(
          { total: 2 },
          { type: '07', fullNumber: 'B002-4', condition: '1', customer: { documentType: '-', documentNumber: '-' }, modified: { type: '03', fullNumber: 'B001-7' } },
        ),
      ]),
    );
    expect(xml.texts(`${LINE}/cbc:LineID`)).toEqual(['1', '2']);
    expect(xml.texts(`${LINE}/cbc:DocumentTypeCode`)).toEqual(['03', '07']);
    expect(xml.texts(`${LINE}/cbc:ID`)).toEqual(['B001-7', 'B002-4']);
    expect(xml.texts(`${LINE}/cac:AccountingCustomerParty/cbc:AdditionalAccountID`)).toEqual(['1', '-']);
    expect(xml.texts(`${LINE}/cac:Status/cbc:ConditionCode`)).toEqual(['3', '1']);
    expect(xml.texts(`${LINE}/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`)).toEqual(['B001-7']);
    expect(xml.texts(`${LINE}/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode`)).toEqual(['03']);
  });

  it('escapes a customer number it cannot print raw', () => {
    const xml = renderSummaryDocuments(header, [line({ total: 1 }, { customer: { documentType: '0', documentNumber: 'A&B<1>' } })]);
    expect(readXml(xml).one(`${LINE}/cac:AccountingCustomerParty/cbc:CustomerAssignedAccountID`)).toBe('A&B<1>');
  });
});

describe('renderVoidedDocuments', () => {
  it("numbers its lines from 1, each with the document's type, series, correlative and reason, under UBL 2.0, CustomizationID 1.0", () => {
    const xml = readXml(
      renderVoidedDocuments({ ...header, identifier: 'RA-20260505-1' }, [
        { type: '01', fullNumber: 'F001-12', reason: 'Error en el RUC' },
        { type: '07', fullNumber: 'F002-3', reason: 'Duplicada' },
      ]),
    );
    const root = '/vd:VoidedDocuments';
    expect(xml.one(`${root}/cbc:CustomizationID`)).toBe('1.0');
    expect(xml.one(`${root}/cbc:ID`)).toBe('RA-20260505-1');
    expect(xml.texts(`${root}/sac:VoidedDocumentsLine/cbc:LineID`)).toEqual(['1', '2']);
    expect(xml.texts(`${root}/sac:VoidedDocumentsLine/cbc:DocumentTypeCode`)).toEqual(['01', '07']);
    expect(xml.texts(`${root}/sac:VoidedDocumentsLine/sac:DocumentSerialID`)).toEqual(['F001', 'F002']);
    expect(xml.texts(`${root}/sac:VoidedDocumentsLine/sac:DocumentNumberID`)).toEqual(['12', '3']);
    expect(xml.texts(`${root}/sac:VoidedDocumentsLine/sac:VoidReasonDescription`)).toEqual(['Error en el RUC', 'Duplicada']);
    expect(xml.texts(`${root}/ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent/ds:Signature/@Id`)).toEqual(['SignYupanaSandbox']);
  });
});
