/**
 * ISC (scheme 2000, catálogo 08) and IVAP (scheme 1016, affectation 17), and the document's IGV
 * with a global 02 or 49: worked examples computed by hand from SUNAT's formulas (`sunat.md`,
 * "Documents in full"; its validation stylesheets' 3272, 3108, 3296, 3298, 3293, 3295, 3279,
 * 3292), each expectation written out, never read from the code; then each SUNAT code the rules
 * report for them, at its field.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentCreateParams } from '../../src/models/document.js';
import { draftDocument, summariseDraft } from '../../src/sunat/document/draft.js';
import { CODES } from '../../src/sunat/document/rules/codes.js';
import { checkDocument, computeDocument, documentObservations, IGV_RATE, line, sunatCodeOfField } from '../../src/sunat/index.js';
import { renderUbl } from '../../src/sunat/ubl/index.js';
import { factura, item } from '../document-bodies.js';
import { ISSUE_DATE, ISSUER } from '../ubl-scenarios.js';

const at18 = { igvRate: 0.18 };
const check = (body: DocumentCreateParams) => checkDocument(body, { igvRate: 0.18, today: ISSUE_DATE });
const codes = (body: DocumentCreateParams) => check(body).map((issue) => [issue.code, issue.path.join('.')]);
const xml = (body: DocumentCreateParams) =>
  renderUbl(summariseDraft(draftDocument(body, { igvRate: 0.18, today: ISSUE_DATE })), { issuer: ISSUER, fullNumber: `${body.series}-1` });

// Whisky: 10 × 50.00 = 500.00, ISC al valor 25% → 125.00; IGV base 625.00 → IGV 112.50.
const whisky = item(10, 50, 112.5, { description: 'Whisky 750 ml', isc: { system: '01', rate: 0.25 } });
// Beer: 10 litres × 4.00 = 40.00, ISC específico 2.25 a litre → 22.50 (56.25 % of 40.00); IGV base 62.50 → 11.25.
const beer = item(10, 4, 11.25, { description: 'Cerveza', unitCode: 'LTR', isc: { system: '02', amountPerUnit: 2.25 } });
// Soft drink: 100 × 1.50 = 150.00; ISC al precio de venta al público 17% of its own base 180.00 → 30.60; IGV base 180.60 → 32.508 → 32.51.
const soda = item(100, 1.5, 32.51, { description: 'Gaseosa', isc: { system: '03', rate: 0.17, base: 180 } });
// Milled rice: 20 × 150.00 = 3000.00, IVAP 4% → 120.00; 10 × 162.50 = 1625.00 → 65.00.
const rice = item(20, 150, 120, { description: 'Arroz pilado superior (saco 50 kg)', igvAffectation: '17' });
const rice2 = item(10, 162.5, 65, { description: 'Arroz pilado extra (saco 49 kg)', igvAffectation: '17' });

describe('ISC: the IGV base is the value plus the ISC (3272)', () => {
  it('computes each system by hand: 01 al valor, 02 específico, 03 on a base of its own', () => {
    const computed = computeDocument(factura({ items: [whisky, beer, soda] }), at18);
    expect(computed.items.map((line) => [line.base, line.isc, line.igv])).toEqual([
      ['500.00', { system: '01', base: '500.00', amount: '125.00' }, '112.50'],
      ['40.00', { system: '02', base: '40.00', amount: '22.50' }, '11.25'],
      ['150.00', { system: '03', base: '180.00', amount: '30.60' }, '32.51'],
    ]);
    // taxable: the values 690.00 (without ISC, 3277); isc 178.10 on bases 720.00 (3296, 3298);
    // igv 112.50 + 11.25 + 32.51 = 156.26; taxInclusive 690.00 + 178.10 + 156.26 = 1024.36 (3279).
    expect(computed.totals).toMatchObject({
      taxable: '690.00',
      iscBase: '720.00',
      isc: '178.10',
      igv: '156.26',
      lineExtension: '690.00',
      taxInclusive: '1024.36',
      total: '1024.36',
    });
    expect(check(factura({ items: [whisky, beer, soda] }))).toEqual([]);
  });

  it('writes scheme 2000 with TierRange and Percent, the IGV base with its ISC, and each TaxTotal as SUNAT sums it', () => {
    const text = xml(factura({ items: [whisky, beer] }));
    // The document: TaxAmount 123.75 + 147.50; its 2000 subtotal the paid lines' ISC bases and ISC.
    expect(text).toContain('<cbc:TaxAmount currencyID="PEN">271.25</cbc:TaxAmount>');
    expect(text).toMatch(/<cbc:TaxableAmount currencyID="PEN">540\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">147\.50<\/cbc:TaxAmount>/);
    // The whisky: TaxAmount 125.00 + 112.50 = 237.50; the ISC at 25 %, system 01; the IGV on 625.00.
    expect(text).toContain('<cbc:TaxAmount currencyID="PEN">237.50</cbc:TaxAmount>');
    expect(text).toMatch(/<cbc:Percent>25\.00<\/cbc:Percent>\s*<cbc:TierRange>01<\/cbc:TierRange>/);
    expect(text).toMatch(/<cbc:TaxableAmount currencyID="PEN">625\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">112\.50<\/cbc:TaxAmount>/);
    // The beer's ISC of 22.50 on 40.00 is 56.25 % of it: TaxableAmount × Percent ÷ 100 = TaxAmount (3108).
    expect(text).toMatch(/<cbc:Percent>56\.25<\/cbc:Percent>\s*<cbc:TierRange>02<\/cbc:TierRange>/);
    // Its price with taxes: (40.00 + 22.50 + 11.25) ÷ 10 = 7.375.
    expect(text).toContain('<cbc:PriceAmount currencyID="PEN">7.375</cbc:PriceAmount>');
    expect(text).toContain('<cbc:TaxTypeCode>EXC</cbc:TaxTypeCode>');
  });

  it('a free line with an ISC: its IGV on value + ISC, its ISC out of the document ISC (3298), the IGV with a 02 as round(base × rate)', () => {
    const gift = item(2, 0, 2.25, { description: 'Cerveza de regalo', igvAffectation: '15', referenceValue: 4, isc: { system: '02', amountPerUnit: 2.25 } });
    const body = factura({ items: [beer, gift], discounts: [{ code: '02', amount: 10 }] });
    // Free: 2 × 4.00 = 8.00, ISC 4.50, IGV (8.00 + 4.50) × 18% = 2.25. Paid: 40.00 − 10.00 = 30.00 taxable;
    // IGV round((62.50 − 10.00) × 18%) = 9.45; isc 22.50 (the paid line's); total 30.00 + 9.45 + 22.50 = 61.95.
    expect(computeDocument(body, at18).totals).toMatchObject({
      taxable: '30.00',
      free: '8.00',
      freeIgv: '2.25',
      igv: '9.45',
      iscBase: '40.00',
      isc: '22.50',
      total: '61.95',
    });
    expect(check(body)).toEqual([]);
  });

  it('takes the amount given within 1.00 of the formula, not a cent more (3108)', () => {
    // IGV (500.00 + 126.00) × 18% = 112.68, and (500.00 + 126.01) × 18% = 112.6818 → 112.68.
    const withAmount = (amount: number) => factura({ items: [{ ...whisky, igv: 112.68, isc: { system: '01', rate: 0.25, amount } }] });
    expect(codes(withAmount(126))).toEqual([]);
    expect(codes(withAmount(126.01))).toEqual([['sunat_3108', 'items.0.isc.amount']]);
    expect(check(withAmount(126.01))[0]?.message).toBe("a line's ISC is its base × its rate (or its quantity × its amount per unit) within 1.00: 125.00");
    // 10 × 2.25 = 22.50: 21.50 is 1.00 from it, 21.49 past; IGV (40.00 + 21.50) × 18% = 11.07.
    const beerAt = (amount: number) => factura({ items: [{ ...beer, igv: 11.07, isc: { system: '02', amountPerUnit: 2.25, amount } }] });
    expect(codes(beerAt(21.5))).toEqual([]);
    expect(codes(beerAt(21.49))).toEqual([['sunat_3108', 'items.0.isc.amount']]);
  });

  it('refuses what SUNAT refuses, at the field: 2373, 2041, 3104, 3272, 3107, 2650', () => {
    const isc = (value: object, extra: object = {}) => factura({ items: [{ ...whisky, isc: value as never, ...extra }] });
    expect(codes(isc({ rate: 0.25 }))).toEqual([['sunat_2373', 'items.0.isc.system']]);
    expect(codes(isc({ system: '04', rate: 0.25 }))).toEqual([['sunat_2041', 'items.0.isc.system']]);
    expect(codes(isc({ system: '01' }))).toEqual([['sunat_3104', 'items.0.isc.rate']]);
    // At a rate of 0 the ISC is 0.00, and the IGV 112.50 is then 22.50 past 500.00 × 18% too.
    expect(codes(isc({ system: '01', rate: 0 }))).toEqual([
      ['sunat_3104', 'items.0.isc.rate'],
      ['sunat_3103', 'items.0.igv'],
    ]);
    expect(codes(isc({ system: '01', rate: 0.25, amountPerUnit: 1 }))).toEqual([['sunat_3104', 'items.0.isc.amountPerUnit']]);
    expect(codes(isc({ system: '02', rate: 0.25 }))).toEqual([['sunat_3104', 'items.0.isc.rate']]);
    expect(codes(isc({ system: '02' }))).toEqual([['sunat_3104', 'items.0.isc.amountPerUnit']]);
    // An exonerated line has no IGV base for its ISC to raise.
    expect(codes(isc({ system: '01', rate: 0.25 }, { igvAffectation: '20', igv: 0 }))).toEqual([['sunat_3272', 'items.0.isc']]);
    expect(check(isc({ system: '01', rate: 0.25 }, { igvAffectation: '20', igv: 0 }))[0]?.message).toBe(
      "an ISC raises the line's IGV base (its value plus its ISC): it goes on a taxed line (10-16), not on one of affectation 20",
    );
    const exported = factura({
      operationType: '0200',
      currency: 'USD',
      customer: { documentType: '0', documentNumber: '-', name: 'ACME Inc.' },
      items: [{ ...whisky, igv: 0, igvAffectation: '40' }],
    });
    expect(codes(exported)).toContainEqual(['sunat_3107', 'items.0.isc']);
    expect(codes(factura({ items: [rice, { ...whisky, igvAffectation: '17', igv: 20 }] }))).toContainEqual(['sunat_2650', 'items.1.isc']);
  });

  it("answers the schema's refusal of a system with SUNAT's code, and points each refusal at a field its registry entry names", () => {
    expect(sunatCodeOfField('items.3.isc.system', { missing: true })).toBe('sunat_2373');
    expect(sunatCodeOfField('items.3.isc.system')).toBe('sunat_2041');
    const bodies = [
      factura({ items: [{ ...whisky, isc: { rate: 0.25 } as never }] }),
      factura({ items: [{ ...whisky, isc: { system: '04', rate: 0.25 } }] }),
      factura({ items: [{ ...whisky, isc: { system: '02', rate: 0.25 } }] }),
      factura({ items: [{ ...whisky, isc: { system: '01', rate: 0.25, amount: 130 } }] }),
      factura({ items: [{ ...whisky, igv: 0, igvAffectation: '20' }] }),
      factura({ items: [rice, { ...whisky, igvAffectation: '17', igv: 20 }] }),
      factura({ items: [rice, item(1, 100, 18)] }),
      factura({ items: Array.from({ length: 10 }, () => item(1, 1, 1, { igvAffectation: '17' })) }),
    ];
    const reported = new Set<string>();
    for (const body of bodies) {
      for (const issue of check(body)) {
        const entry = CODES[issue.code.slice(6) as keyof typeof CODES];
        const fields: readonly string[] = typeof entry.field === 'string' ? [entry.field] : entry.field;
        expect(fields, issue.code).toContain(issue.path.map((key) => (typeof key === 'number' ? '*' : key)).join('.'));
        reported.add(issue.code);
      }
    }
    expect([...reported].sort()).toEqual(['sunat_2041', 'sunat_2373', 'sunat_2644', 'sunat_2650', 'sunat_3103', 'sunat_3104', 'sunat_3108', 'sunat_3272', 'sunat_3295']);
    expect(check(factura({ items: [{ ...whisky, isc: { system: '04', rate: 0.25 } }] }))[0]?.sunatDescription).toBe('El sistema de calculo del ISC es incorrecto');
  });
});

describe("line() with an ISC: the IGV on the value plus the ISC, as a document's line", () => {
  it('computes each system by hand, the same amounts computeDocument gives the line', () => {
    expect(line({ quantity: 10, unitValue: 50, igvRate: IGV_RATE, isc: { system: '01', rate: 0.25 } })).toEqual({
      base: '500.00',
      isc: '125.00',
      igv: '112.50',
      total: '737.50',
    });
    // 10 × 4.00 = 40.00; 10 × 2.25 = 22.50; (40.00 + 22.50) × 18% = 11.25.
    expect(line({ quantity: 10, unitValue: 4, igvRate: IGV_RATE, isc: { system: '02', amountPerUnit: 2.25 } })).toEqual({
      base: '40.00',
      isc: '22.50',
      igv: '11.25',
      total: '73.75',
    });
    // 03 on its own base: 180.00 × 17% = 30.60; (150.00 + 30.60) × 18% = 32.508 → 32.51.
    expect(line({ quantity: 100, unitValue: 1.5, igvRate: IGV_RATE, isc: { system: '03', rate: 0.17, base: 180 } })).toEqual({
      base: '150.00',
      isc: '30.60',
      igv: '32.51',
      total: '213.11',
    });
  });

  it('names what it cannot compute an ISC from', () => {
    expect(() => line({ quantity: 1, unitValue: 1, igvRate: IGV_RATE, isc: { system: '04' as never, rate: 0.1 } })).toThrow(
      new RangeError('isc.system must be a catálogo 08 code (01, 02, 03), got 04'),
    );
    expect(() => line({ quantity: 1, unitValue: 1, igvRate: IGV_RATE, isc: { system: '02' } })).toThrow(
      new RangeError('isc.amountPerUnit is required with system 02 (específico): the ISC of one unit'),
    );
    expect(() => line({ quantity: 1, unitValue: 1, igvRate: IGV_RATE, isc: { system: '01' } })).toThrow(
      new RangeError('isc.rate is required with system 01: the ISC rate as a fraction (0.3 is 30%)'),
    );
  });
});

describe('IVAP: affectation 17 at 4%, never 18%', () => {
  it('computes a factura of milled rice by hand: IVAP 185.00 on 4625.00, legend 2007', () => {
    const computed = computeDocument(factura({ items: [rice, rice2] }), at18);
    expect(computed.totals).toMatchObject({
      taxable: '0.00',
      igv: '0.00',
      ivapBase: '4625.00',
      ivap: '185.00',
      lineExtension: '4625.00',
      taxInclusive: '4810.00',
      total: '4810.00',
    });
    expect(computed.legends.map((legend) => legend.code)).toEqual(['1000', '2007']);
    expect(computed.legends[1]?.text).toBe('OPERACIÓN SUJETA AL IVAP');
  });

  it('with a global 02 the IVAP is round(IVAP base × 4%): 4625.00 − 100.00 = 4525.00 → 181.00', () => {
    const body = factura({ items: [rice, rice2], discounts: [{ code: '02', amount: 100 }] });
    expect(computeDocument(body, at18).totals).toMatchObject({ ivapBase: '4525.00', ivap: '181.00', lineExtension: '4525.00', total: '4706.00' });
    expect(computeDocument(body, at18).discounts).toEqual([{ code: '02', amount: '100.00', base: '4625.00', factor: '0.02162' }]);
    expect(check(body)).toEqual([]);
  });

  it('writes scheme 1016 (IVAP, VAT) at 4.00 and legend 2007', () => {
    const text = xml(factura({ items: [rice] }));
    expect(text).toContain('<cbc:Note languageLocaleID="2007">OPERACIÓN SUJETA AL IVAP</cbc:Note>');
    expect(text).toMatch(/<cbc:Percent>4\.00<\/cbc:Percent>\s*<cbc:TaxExemptionReasonCode[^>]*>17<\/cbc:TaxExemptionReasonCode>/);
    expect(text).toMatch(/<cbc:ID[^>]*>1016<\/cbc:ID>\s*<cbc:Name>IVAP<\/cbc:Name>\s*<cbc:TaxTypeCode>VAT<\/cbc:TaxTypeCode>/);
    expect(text).not.toContain('>1000</cbc:ID>');
  });

  it('refuses a line at 18% (3103), a line of another affectation beside it (2644), an IVAP total off (3295)', () => {
    expect(check(factura({ items: [{ ...rice, igv: 540 }] })).map((issue) => [issue.code, issue.message])).toEqual([
      ['sunat_3103', 'should be 120.00 at an IVAP rate of 0.04'],
    ]);
    expect(codes(factura({ items: [{ ...rice, igv: 0 }] }))).toEqual([['sunat_3111', 'items.0.igv']]);
    expect(codes(factura({ items: [rice, item(1, 100, 18)] }))).toEqual([['sunat_2644', 'items.1.igvAffectation']]);
    expect(check(factura({ items: [rice, item(1, 100, 18)] }))[0]?.message).toBe(
      'every line of a document with IVAP lines (17, milled rice) is an IVAP line: IGV and IVAP are not charged on one document',
    );
    // Ten lines of 1.00 with an IVAP of 1.00: each 0.96 from 1.00 × 4% (within 1.00, 3103), together 10.00, 9.60 from 10.00 × 4% = 0.40.
    const many = factura({ items: Array.from({ length: 10 }, () => item(1, 1, 1, { igvAffectation: '17' })) });
    expect(codes(many)).toEqual([['sunat_3295', 'items']]);
    expect(check(many)[0]?.message).toBe('the IVAP total (10.00) must be within 1.00 of the IVAP base × 4% (0.40)');
  });
});

describe("3292: a line's TaxAmount sums only schemes 1000, 1016, 2000, 7152 and 9999", () => {
  it('a free taxed line with ICBPER: its TaxAmount is the ICBPER 1.00, not 1.04 with the IGV of its 9996 subtotal', () => {
    const gift = item(2, 0, 0.04, { description: 'Bolsa de regalo', igvAffectation: '11', referenceValue: 0.1, icbper: 1 });
    const text = xml(factura({ items: [item(1, 100, 18), gift] }));
    const line = text.slice(text.lastIndexOf('<cac:InvoiceLine>'));
    expect(line).toMatch(/<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="PEN">1\.00<\/cbc:TaxAmount>/);
    expect(line).toMatch(/<cbc:TaxableAmount currencyID="PEN">0\.20<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">0\.04<\/cbc:TaxAmount>/);
  });

  it('a free taxed line without ICBPER: 0.00', () => {
    const text = xml(factura({ items: [item(2, 0, 36, { igvAffectation: '11', referenceValue: 100 })] }));
    const line = text.slice(text.lastIndexOf('<cac:InvoiceLine>'));
    expect(line).toMatch(/<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="PEN">0\.00<\/cbc:TaxAmount>/);
  });
});

describe("the document's IGV with a global 02 or 49: round(taxable × rate), as SUNAT's manual prints it", () => {
  it('ten lines of 0.25 (IGV 0.045 → 0.05 each, 0.50 in all) less a 02 of 0.50: IGV 2.00 × 18% = 0.36, not 0.50 − 0.09 = 0.41', () => {
    const body = factura({ items: Array.from({ length: 10 }, () => item(1, 0.25, 0.05)), discounts: [{ code: '02', amount: 0.5 }] });
    expect(computeDocument(body, at18).totals).toMatchObject({ taxable: '2.00', igv: '0.36', taxInclusive: '2.36', total: '2.36' });
    expect(check(body)).toEqual([]);
  });

  it('a charge 49 of 10.00 on 100.00 + 18.00: IGV 110.00 × 18% = 19.80; without one, the lines’ IGV as sent', () => {
    expect(computeDocument(factura({ items: [item(1, 100, 18)], charges: [{ code: '49', amount: 10 }] }), at18).totals).toMatchObject({
      taxable: '110.00',
      igv: '19.80',
      total: '129.80',
    });
    // 100.00 × 18% = 18.00; the line's 18.50 is within 1.00 (3103) and stays the IGV.
    expect(computeDocument(factura({ items: [item(1, 100, 18.5)] }), at18).totals.igv).toBe('18.50');
  });
});

describe('what each rule of ISC, IVAP and anticipos says, and where it stops (after the mutation run)', () => {
  const withIsc = (value: object, extra: object = {}) => factura({ items: [{ ...whisky, isc: value as never, ...extra }] });
  const messageOf = (body: DocumentCreateParams, code: string) => check(body).find((issue) => issue.code === code)?.message;

  it('an empty ISC system is a missing one (2373); an unknown one is named (2041); 3104 names the field the system takes', () => {
    expect(codes(withIsc({ system: '', rate: 0.25 }))).toEqual([['sunat_2373', 'items.0.isc.system']]);
    expect(messageOf(withIsc({ system: '04', rate: 0.25 }), 'sunat_2041')).toBe(
      "an ISC's system is a catálogo 08 code: 01 (al valor), 02 (específico) or 03 (al precio de venta al público), got 04",
    );
    expect(messageOf(withIsc({ system: '03' }), 'sunat_3104')).toBe(
      'an ISC of system 03 has its rate, a fraction above 0 and below 1 (0.3 is 30%), and no amountPerUnit',
    );
  });

  it('an ISC with its amount on a line whose amounts cannot be computed is checked no further, and nothing throws', () => {
    const body = withIsc({ system: '01', rate: 0.25, amount: 125 }, { quantity: 0 });
    expect(codes(body).filter(([code]) => code === 'sunat_3108')).toEqual([]);
  });

  it('an ISC beside one IVAP line among others is 2650; 2644 names each line that is not IVAP', () => {
    expect(codes(factura({ items: [rice, whisky] }))).toEqual([
      ['sunat_2650', 'items.1.isc'],
      ['sunat_2644', 'items.1.igvAffectation'],
    ]);
  });

  it('2644 on a nota of any reason but 12, once (a nota of reason 12 is the notas rule’s)', () => {
    const nota = (reason: string) => factura({ type: '07', items: [rice, item(1, 100, 18)], reference: { documentId: 'doc_1', reason, description: 'Ajuste' } });
    expect(codes(nota('01')).filter(([code]) => code === 'sunat_2644')).toEqual([['sunat_2644', 'items.1.igvAffectation']]);
    expect(codes(nota('12')).filter(([code]) => code === 'sunat_2644')).toHaveLength(1);
  });

  it('an IVAP line of 0.06 may carry no IVAP (4% of it rounds to 0.00); of 0.07 it must (3111, worded)', () => {
    expect(codes(factura({ items: [item(1, 0.06, 0, { igvAffectation: '17' })] }))).toEqual([]);
    expect(messageOf(factura({ items: [item(1, 0.07, 0, { igvAffectation: '17' })] }), 'sunat_3111')).toMatch(/^.*17.*0\.04/);
  });

  it('3295 on a factura and a nota of a factura, not on a boleta nor a nota of one', () => {
    const lines = Array.from({ length: 10 }, () => item(1, 1, 1, { igvAffectation: '17' }));
    const reference = { documentId: 'doc_1', reason: '01', description: 'Anulación' };
    expect(codes(factura({ type: '07', items: lines, reference })).map(([code]) => code)).toContain('sunat_3295');
    expect(codes(factura({ type: '07', series: 'B001', items: lines, reference })).map(([code]) => code)).not.toContain('sunat_3295');
    expect(codes(factura({ type: '03', series: 'B001', items: lines })).map(([code]) => code)).not.toContain('sunat_3295');
  });

  it('anticipos: 2521 refuses a factura advance by its number and only observes a boleta one; 3212 only for an equal amount', () => {
    const final = (advances: object[]) => factura({ items: [item(10, 1000, 1800)], advances: advances as never });
    expect(check(final([{ type: '02', fullNumber: 'B001-5', amount: 1180 }]))).toEqual([
      expect.objectContaining({ code: 'sunat_2521', path: ['advances', 0, 'fullNumber'], message: expect.stringContaining('B001-5') }),
    ]);
    expect(codes(final([{ type: '03', fullNumber: 'B001-5', amount: 1180 }]))).toEqual([]);
    const observed = documentObservations(final([{ type: '03', fullNumber: 'F001-5', amount: 1180 }]), { igvRate: 0.18 });
    expect(observed).toEqual([expect.objectContaining({ code: '2521', path: ['advances', 0, 'fullNumber'], message: expect.stringContaining('F001-5') })]);
    expect(documentObservations(final([{ type: '02', fullNumber: 'F001-5', amount: 1180 }]), { igvRate: 0.18 })).toEqual([]);
    expect(
      codes(
        final([
          { type: '02', fullNumber: 'F001-5', amount: 1180 },
          { type: '02', fullNumber: 'F001-6', amount: 590 },
        ]),
      ),
    ).toEqual([]);
    expect(
      check(
        final([
          { type: '02', fullNumber: 'F001-5', amount: 590 },
          { type: '02', fullNumber: 'F001-6', amount: 590 },
        ]),
      ),
    ).toEqual([expect.objectContaining({ code: 'sunat_3212', path: ['advances', 1, 'amount'], message: expect.stringContaining('590.00') })]);
  });
});
