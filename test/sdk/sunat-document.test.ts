/**
 * `computeDocument`: everything the service fills in a create body, exactly as SUNAT's formulas
 * give it. The expectations are sunat.md's worked examples (Greenter, openubl, Nubefact),
 * written out by hand: never read back from the code under test.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentCreateParams, Item } from '../../src/models/document.js';
import { documentAmounts } from '../../src/sunat/document/compute.js';
import { draftDocument, summariseDraft } from '../../src/sunat/document/draft.js';
import { checkDocument, computeDocument, documentObservations } from '../../src/sunat/index.js';
import { item, ruc } from '../document-bodies.js';

const factura = (items: Item[], extra: Partial<DocumentCreateParams> = {}): DocumentCreateParams => ({ type: '01', series: 'F001', customer: ruc, items, ...extra });
const at18 = { igvRate: 0.18 };
const zero = {
  taxable: '0.00',
  exempt: '0.00',
  unaffected: '0.00',
  export: '0.00',
  free: '0.00',
  freeIgv: '0.00',
  igv: '0.00',
  iscBase: '0.00',
  isc: '0.00',
  ivapBase: '0.00',
  ivap: '0.00',
  icbper: '0.00',
  lineExtension: '0.00',
  taxInclusive: '0.00',
  discounts: '0.00',
  charges: '0.00',
  rounding: '0.00',
  total: '0.00',
};

describe('computeDocument: the worked examples of sunat.md', () => {
  it('a cash factura of 2 × 100.00: 236.00, cash by default, legend 1000 in words', () => {
    const computed = computeDocument(factura([item(2, 100, 36)]), at18);
    expect(computed).toEqual({
      operationType: '0101',
      paymentTerms: { type: 'cash' },
      items: [{ igvAffectation: '10', unitCode: 'NIU', free: false, base: '200.00', igv: '36.00', icbper: '0.00', discounts: [], charges: [] }],
      discounts: [],
      charges: [],
      totals: { ...zero, taxable: '200.00', igv: '36.00', lineExtension: '200.00', taxInclusive: '236.00', total: '236.00' },
      legends: [{ code: '1000', text: 'SON DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES' }],
    });
  });

  it('credit in two cuotas, 100.13 + 135.87 on 236.00 (Greenter): pending 236.00', () => {
    const installments = [
      { amount: 100.13, dueDate: '2026-06-01' },
      { amount: 135.87, dueDate: '2026-07-01' },
    ];
    const computed = computeDocument(factura([item(2, 100, 36)], { paymentTerms: { type: 'credit', installments } }), at18);
    expect(computed.paymentTerms).toEqual({
      type: 'credit',
      installments: [
        { amount: '100.13', dueDate: '2026-06-01' },
        { amount: '135.87', dueDate: '2026-07-01' },
      ],
      pendingAmount: '236.00',
    });
    expect(computed.totals.total).toBe('236.00');
  });

  it('detracción 014 at 4% on 944.00 → 37.76, operation 1001, payment means 001, legend 2006', () => {
    const computed = computeDocument(factura([item(1, 800, 144)], { detraction: { code: '014', rate: 0.04, account: '00-000-123456' } }), at18);
    expect(computed.totals.total).toBe('944.00');
    expect(computed.operationType).toBe('1001');
    expect(computed.detraction).toEqual({ code: '014', rate: 0.04, account: '00-000-123456', paymentMethod: '001', amount: '37.76' });
    expect(computed.legends).toEqual([
      { code: '1000', text: 'SON NOVECIENTOS CUARENTA Y CUATRO CON 00/100 SOLES' },
      { code: '2006', text: 'OPERACIÓN SUJETA A DETRACCIÓN' },
    ]);
  });

  it('a detracción on a USD document is in PEN: total × rate × exchangeRate, one rounding', () => {
    // 236.00 × 0.12 × 3.751 = 106.22832 → 106.23
    const body = factura([item(2, 100, 36)], { currency: 'USD', exchangeRate: 3.751, detraction: { code: '037', rate: 0.12, account: '1' } });
    expect(computeDocument(body, at18).detraction?.amount).toBe('106.23');
    const odd = factura([item(1, 1, 0.18)], { currency: 'USD', exchangeRate: 3.5, detraction: { code: '037', rate: 0.125, account: '1' } });
    // 1.18 × 0.125 × 3.5 = 0.51625 → 0.52; rounding 1.18 × 0.125 = 0.1475 → 0.15 first would give 0.53
    expect(computeDocument(odd, at18).detraction?.amount).toBe('0.52');
    expect(computeDocument({ ...body, detraction: { code: '037', rate: 0.12, account: '1', amount: 100 } }, at18).detraction?.amount).toBe('100.00');
  });

  it('percepción 51 (2%) on 708.00 → 14.16, total with percepción 722.16, operation 2001, legend 2000', () => {
    const computed = computeDocument(factura([item(6, 100, 108)], { perception: { code: '51' } }), at18);
    expect(computed.totals.total).toBe('708.00');
    expect(computed.operationType).toBe('2001');
    expect(computed.perception).toEqual({ code: '51', rate: 0.02, base: '708.00', amount: '14.16', total: '722.16' });
    expect(computed.legends).toEqual([
      { code: '1000', text: 'SON SETECIENTOS OCHO CON 00/100 SOLES' },
      { code: '2000', text: 'COMPROBANTE DE PERCEPCIÓN' },
    ]);
  });

  it('percepción rates by regime (52 at 1%, 53 at 0.5%), and the base in PEN on a USD document', () => {
    expect(computeDocument(factura([item(6, 100, 108)], { perception: { code: '52' } }), at18).perception).toEqual({
      code: '52',
      rate: 0.01,
      base: '708.00',
      amount: '7.08',
      total: '715.08',
    });
    expect(computeDocument(factura([item(6, 100, 108)], { perception: { code: '53' } }), at18).perception).toEqual({
      code: '53',
      rate: 0.005,
      base: '708.00',
      amount: '3.54',
      total: '711.54',
    });
    expect(computeDocument(factura([item(6, 100, 108)], { perception: { code: '51', base: 500 } }), at18).perception).toEqual({
      code: '51',
      rate: 0.02,
      base: '500.00',
      amount: '10.00',
      total: '510.00',
    });
    expect(computeDocument(factura([item(6, 100, 108)], { perception: { code: '51', amount: 14 } }), at18).perception).toEqual({
      code: '51',
      rate: 0.02,
      base: '708.00',
      amount: '14.00',
      total: '722.00',
    });
    expect(computeDocument(factura([item(6, 100, 108)], { perception: { code: '51', rate: 0.015 } }), at18).perception).toEqual({
      code: '51',
      rate: 0.015,
      base: '708.00',
      amount: '10.62',
      total: '718.62',
    });
    const usd = computeDocument(factura([item(6, 100, 108)], { currency: 'USD', exchangeRate: 3.8, perception: { code: '51' } }), at18);
    expect(usd.perception).toEqual({ code: '51', rate: 0.02, base: '2690.40', amount: '53.81', total: '2744.21' });
  });

  it('retención 3% on 708.00 → 21.24; 6% when given; none of them changes the total', () => {
    const computed = computeDocument(factura([item(6, 100, 108)], { retention: {} }), at18);
    expect(computed.retention).toEqual({ rate: 0.03, base: '708.00', amount: '21.24' });
    expect(computed.totals.total).toBe('708.00');
    expect(computeDocument(factura([item(6, 100, 108)], { retention: { rate: 0.06 } }), at18).retention).toEqual({ rate: 0.06, base: '708.00', amount: '42.48' });
    expect(computeDocument(factura([item(6, 100, 108)], { retention: { base: 500, amount: 14 } }), at18).retention).toEqual({
      rate: 0.03,
      base: '500.00',
      amount: '14.00',
    });
    expect(computeDocument(factura([item(6, 100, 108)], { retention: { base: 500 } }), at18).retention).toEqual({ rate: 0.03, base: '500.00', amount: '15.00' });
  });

  it('a global discount 02 of 50.00 on 100.00 + 18.00 → taxable 50.00, IGV 9.00, payable 59.00 (Greenter, openubl)', () => {
    const computed = computeDocument(factura([item(1, 100, 18)], { discounts: [{ code: '02', amount: 50 }] }), at18);
    expect(computed.discounts).toEqual([{ code: '02', amount: '50.00', base: '100.00', factor: '0.50000' }]);
    expect(computed.totals).toEqual({ ...zero, taxable: '50.00', igv: '9.00', lineExtension: '50.00', taxInclusive: '59.00', total: '59.00' });
  });

  it('a global discount 03 of 100.00 on 500.00 + 90.00 → payable 490.00, AllowanceTotalAmount 100.00 (openubl homologación)', () => {
    const computed = computeDocument(factura([item(1, 500, 90)], { discounts: [{ code: '03', amount: 100 }] }), at18);
    expect(computed.discounts).toEqual([{ code: '03', amount: '100.00', base: '590.00', factor: '0.16949' }]);
    expect(computed.totals).toEqual({ ...zero, taxable: '500.00', igv: '90.00', lineExtension: '500.00', taxInclusive: '590.00', discounts: '100.00', total: '490.00' });
  });

  it('global charges: 49 raises the taxed base and the IGV, 50/45/46 are added to what is paid', () => {
    const computed = computeDocument(
      factura([item(1, 100, 18)], {
        charges: [
          { code: '49', amount: 10 },
          { code: '50', amount: 5 },
          { code: '46', amount: 11.8, base: 118 },
          { code: '45', amount: 1 },
        ],
      }),
      at18,
    );
    expect(computed.charges).toEqual([
      { code: '49', amount: '10.00', base: '100.00', factor: '0.10000' },
      { code: '50', amount: '5.00', base: '129.80', factor: '0.03852' },
      { code: '46', amount: '11.80', base: '118.00', factor: '0.10000' },
      { code: '45', amount: '1.00', base: '129.80', factor: '0.00770' },
    ]);
    expect(computed.totals).toEqual({ ...zero, taxable: '110.00', igv: '19.80', lineExtension: '110.00', taxInclusive: '129.80', charges: '17.80', total: '147.60' });
  });

  it('free lines: 2 × 100.00 free (11) → gratuitas 200.00, IGV 36.00, payable 0.00, legend 1002 (Greenter)', () => {
    const computed = computeDocument(factura([item(2, 0, 36, { igvAffectation: '11', referenceValue: 100 })]), at18);
    expect(computed.totals).toEqual({ ...zero, free: '200.00', freeIgv: '36.00' });
    expect(computed.items[0]).toMatchObject({ free: true, base: '200.00', igv: '36.00' });
    expect(computed.legends).toEqual([
      { code: '1000', text: 'SON CERO CON 00/100 SOLES' },
      { code: '1002', text: 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE' },
    ]);
  });

  it('a bonificación (15) beside a paid line is not paid: 70.80, not 76.70', () => {
    const computed = computeDocument(factura([item(2, 30, 10.8), item(1, 0, 0.9, { igvAffectation: '15', referenceValue: 5 })]), at18);
    expect(computed.totals).toEqual({
      ...zero,
      taxable: '60.00',
      igv: '10.80',
      lineExtension: '60.00',
      taxInclusive: '70.80',
      total: '70.80',
      free: '5.00',
      freeIgv: '0.90',
    });
  });

  it('exonerated, unaffected and export lines each in their own total; free 21/31-37 lines count no IGV', () => {
    const computed = computeDocument(
      factura([
        item(1, 10, 1.8),
        item(2, 5, 0, { igvAffectation: '20' }),
        item(3, 1, 0, { igvAffectation: '30' }),
        item(1, 7, 0, { igvAffectation: '40' }),
        item(1, 0, 0, { igvAffectation: '21', referenceValue: 4 }),
        item(1, 0, 0, { igvAffectation: '37', referenceValue: 6 }),
      ]),
      at18,
    );
    expect(computed.totals).toEqual({
      ...zero,
      taxable: '10.00',
      exempt: '10.00',
      unaffected: '3.00',
      export: '7.00',
      free: '10.00',
      igv: '1.80',
      lineExtension: '30.00',
      taxInclusive: '31.80',
      total: '31.80',
    });
  });

  it('two bags in 2026 → ICBPER 1.00, in the tax-inclusive amount and the total', () => {
    const computed = computeDocument(
      {
        type: '03',
        series: 'B001',
        customer: { documentType: '-', documentNumber: '-', name: 'VARIOS' },
        items: [item(1, 10, 1.8), item(2, 0.1, 0.04, { icbper: 1, description: 'Bolsa' })],
      },
      at18,
    );
    expect(computed.totals).toEqual({ ...zero, taxable: '10.20', igv: '1.84', icbper: '1.00', lineExtension: '10.20', taxInclusive: '13.04', total: '13.04' });
    expect(computed.items[1]?.icbper).toBe('1.00');
    expect(computed.paymentTerms).toBeUndefined();
    expect(computed.operationType).toBe('0101');
  });

  it('line discounts 00 reduce the base, 01 only what is paid; line charges 47 raise it, 48 only what is paid', () => {
    const computed = computeDocument(
      factura([
        item(2, 50, 16.29, {
          discounts: [
            { code: '00', amount: 10 },
            { code: '01', amount: 3, base: 30 },
          ],
          charges: [
            { code: '47', amount: 0.5 },
            { code: '48', amount: 2 },
          ],
        }),
      ]),
      at18,
    );
    expect(computed.items[0]).toEqual({
      igvAffectation: '10',
      unitCode: 'NIU',
      free: false,
      base: '90.50',
      igv: '16.29',
      icbper: '0.00',
      discounts: [
        { code: '00', amount: '10.00', base: '100.00', factor: '0.10000' },
        { code: '01', amount: '3.00', base: '30.00', factor: '0.10000' },
      ],
      charges: [
        { code: '47', amount: '0.50', base: '100.00', factor: '0.00500' },
        { code: '48', amount: '2.00', base: '100.00', factor: '0.02000' },
      ],
    });
    expect(computed.totals).toEqual({
      ...zero,
      taxable: '90.50',
      igv: '16.29',
      lineExtension: '90.50',
      taxInclusive: '106.79',
      discounts: '3.00',
      charges: '2.00',
      total: '105.79',
    });
  });

  it('a line whose discount takes its whole value has a base of 0.00; free 21 and 31-37 lines never count IGV', () => {
    const computed = computeDocument(factura([item(1, 10, 1.8), item(1, 10, 0, { discounts: [{ code: '00', amount: 10 }] })]), at18);
    expect(computed.items[1]?.base).toBe('0.00');
    expect(computed.totals).toMatchObject({ taxable: '10.00', total: '11.80' });
    const free = computeDocument(
      factura([item(1, 0, 0.5, { igvAffectation: '21', referenceValue: 4 }), item(1, 0, 0.5, { igvAffectation: '31', referenceValue: 6 })]),
      at18,
    );
    expect(free.totals).toMatchObject({ free: '10.00', freeIgv: '0.00', igv: '0.00', total: '0.00' });
  });

  it('the default operation type: 0200 only when every line, and at least one, is an export', () => {
    const exportLine = item(1, 100, 0, { igvAffectation: '40' });
    expect(computeDocument(factura([exportLine, item(1, 10, 1.8)]), at18).operationType).toBe('0101');
    expect(computeDocument(factura([exportLine, exportLine]), at18).operationType).toBe('0200');
    expect(computeDocument(factura([]), at18)).toMatchObject({ operationType: '0101', totals: zero });
    expect(computeDocument(factura([exportLine], { perception: { code: '51' }, detraction: { code: '037', rate: 0.1, account: '1' } }), at18).operationType).toBe('1001');
    expect(computeDocument(factura([exportLine], { perception: { code: '51' } }), at18).operationType).toBe('2001');
  });

  it('rounding is added to the total; an export of every line 40 is 0200; a nota carries no operation type nor default terms', () => {
    expect(computeDocument(factura([item(1, 0.85, 0.15)], { rounding: -0.01 }), at18).totals).toMatchObject({ taxInclusive: '1.00', rounding: '-0.01', total: '0.99' });
    const exportBody = factura([item(1, 100, 0, { igvAffectation: '40' })], { customer: { documentType: '0', documentNumber: '-', name: 'ACME Inc.' }, currency: 'USD' });
    const exported = computeDocument(exportBody, at18);
    expect(exported.operationType).toBe('0200');
    expect(exported.legends[0]).toEqual({ code: '1000', text: 'SON CIEN CON 00/100 DÓLARES AMERICANOS' });
    const note = computeDocument({ ...factura([item(1, 100, 18)]), type: '07', reference: { documentId: 'doc_1', reason: '01', description: 'Anulación' } }, at18);
    expect(note.operationType).toBeUndefined();
    expect(note.paymentTerms).toBeUndefined();
    expect(computeDocument(factura([item(1, 100, 18)], { operationType: '0112' }), at18).operationType).toBe('0112');
  });

  it("the body's own legends follow the service's; a code the body carries replaces the service's", () => {
    const legends = [
      { code: '2001', text: 'BIENES TRANSFERIDOS EN LA AMAZONÍA' },
      { code: '1000', text: 'SON DOSCIENTOS TREINTA Y SEIS Y 00/100 SOLES' },
    ];
    expect(computeDocument(factura([item(2, 100, 36)], { legends }), at18).legends).toEqual(legends);
  });

  it('exact where binary floats are not: 1 × 1.25 at 18% has IGV 0.23; 700 × 1.102 stays 771.40', () => {
    expect(computeDocument(factura([item(1, 1.25, 0.23)]), at18).totals).toMatchObject({ taxable: '1.25', igv: '0.23', total: '1.48' });
    expect(computeDocument(factura([item(700, 1.102, 138.85)]), at18).totals).toMatchObject({ taxable: '771.40', total: '910.25' });
    // 0.1 + 0.2 in binary floats is 0.30000000000000004: read at 10 decimals, the sum is exact
    expect(computeDocument(factura([item(1, 0.1 + 0.2, 0.05)]), at18).totals.taxable).toBe('0.30');
    // with a global 02 the IGV is taxable × rate: 99.75 × 0.18 = 17.955 → 17.96 (half up), never 17.95
    expect(computeDocument(factura([item(1, 100, 18)], { discounts: [{ code: '02', amount: 0.25 }] }), at18).totals).toMatchObject({ taxable: '99.75', igv: '17.96' });
  });
});

describe('computeDocument: a factura using every field', () => {
  const body = factura(
    [
      item(2, 50, 16.29, {
        code: 'P-1',
        sunatProductCode: '10191509',
        unitCode: 'ZZ',
        discounts: [
          { code: '00', amount: 10 },
          { code: '01', amount: 3 },
        ],
        charges: [
          { code: '47', amount: 0.5 },
          { code: '48', amount: 2 },
        ],
      }),
      item(1, 10, 0, { igvAffectation: '20' }),
      item(1, 10, 0, { igvAffectation: '30' }),
      item(1, 0, 0.9, { igvAffectation: '15', referenceValue: 5 }),
      item(2, 0.1, 0.04, { icbper: 1, unitCode: 'BG' }),
    ],
    {
      issueDate: '2026-05-04',
      dueDate: '2026-06-01',
      currency: 'USD',
      exchangeRate: 3.751,
      discounts: [
        { code: '02', amount: 1 },
        { code: '03', amount: 2 },
      ],
      charges: [
        { code: '49', amount: 1 },
        { code: '50', amount: 1 },
        { code: '45', amount: 1 },
        { code: '46', amount: 1 },
      ],
      despatches: [{ type: '09', fullNumber: 'T001-1' }],
      relatedDocuments: [{ type: '99', number: 'X-1' }],
      purchaseOrder: 'OC-1',
      legends: [{ code: '2001', text: 'BIENES TRANSFERIDOS EN LA AMAZONÍA' }],
      rounding: -0.02,
      paymentTerms: {
        type: 'credit',
        installments: [
          { amount: 50, dueDate: '2026-06-01' },
          { amount: 61.2, dueDate: '2026-07-01' },
        ],
      },
      retention: {},
    },
  );

  it('fills and computes every value, by hand: 128.03 tax-inclusive, 128.01 payable', () => {
    const computed = computeDocument(body, at18);
    expect(computed.items.map(({ igvAffectation, unitCode, free, base, igv, icbper }) => [igvAffectation, unitCode, free, base, igv, icbper])).toEqual([
      ['10', 'ZZ', false, '90.50', '16.29', '0.00'],
      ['20', 'NIU', false, '10.00', '0.00', '0.00'],
      ['30', 'NIU', false, '10.00', '0.00', '0.00'],
      ['15', 'NIU', true, '5.00', '0.90', '0.00'],
      ['10', 'BG', false, '0.20', '0.04', '1.00'],
    ]);
    expect(computed.discounts).toEqual([
      { code: '02', amount: '1.00', base: '90.70', factor: '0.01103' },
      { code: '03', amount: '2.00', base: '128.03', factor: '0.01562' },
    ]);
    expect(computed.charges).toEqual([
      { code: '49', amount: '1.00', base: '90.70', factor: '0.01103' },
      { code: '50', amount: '1.00', base: '128.03', factor: '0.00781' },
      { code: '45', amount: '1.00', base: '128.03', factor: '0.00781' },
      { code: '46', amount: '1.00', base: '128.03', factor: '0.00781' },
    ]);
    expect(computed.totals).toEqual({
      taxable: '90.70',
      exempt: '10.00',
      unaffected: '10.00',
      export: '0.00',
      free: '5.00',
      freeIgv: '0.90',
      igv: '16.33',
      iscBase: '0.00',
      isc: '0.00',
      ivapBase: '0.00',
      ivap: '0.00',
      icbper: '1.00',
      lineExtension: '110.70',
      taxInclusive: '128.03',
      discounts: '5.00',
      charges: '5.00',
      rounding: '-0.02',
      total: '128.01',
    });
    expect(computed.operationType).toBe('0101');
    expect(computed.paymentTerms).toEqual({
      type: 'credit',
      installments: [
        { amount: '50.00', dueDate: '2026-06-01' },
        { amount: '61.20', dueDate: '2026-07-01' },
      ],
      pendingAmount: '111.20',
    });
    expect(computed.retention).toEqual({ rate: 0.03, base: '128.01', amount: '3.84' });
    expect(computed.detraction).toBeUndefined();
    expect(computed.perception).toBeUndefined();
    expect(computed.legends).toEqual([
      { code: '1000', text: 'SON CIENTO VEINTIOCHO CON 01/100 DÓLARES AMERICANOS' },
      { code: '1002', text: 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE' },
      { code: '2001', text: 'BIENES TRANSFERIDOS EN LA AMAZONÍA' },
    ]);
  });

  it('does not change the body it reads', () => {
    const copy = structuredClone(body);
    computeDocument(body, at18);
    expect(body).toEqual(copy);
  });
});

describe('computeDocument: advances, IVAP and drafts that cannot be computed', () => {
  it('deducts an advance from the base a global 02 left: 10 000.00 − 1 000.00 − 4 000.00 = 5 000.00 taxed, IGV 900.00, payable 5 900.00', () => {
    const body = factura([item(10, 1000, 1800)], {
      discounts: [{ code: '02', amount: 1000 }],
      advances: [{ type: '02', fullNumber: 'F001-16', amount: 4720, value: 4000 }],
    });
    expect(computeDocument(body, at18).totals).toMatchObject({ taxable: '5000.00', igv: '900.00', total: '5900.00' });
  });

  it('carries the IVAP legend 2007 when one line is IVAP, not only when all are', () => {
    const body = factura([item(3, 18.5, 2.22, { igvAffectation: '17' }), item(1, 50, 0, { igvAffectation: '20' })]);
    expect(computeDocument(body, at18).legends.map((legend) => legend.code)).toEqual(['1000', '2007']);
  });

  it('checks a document whose line cannot be computed by its other rules, and observes one dated before any known IGV rate by its texts', () => {
    // An IGV of 3 decimals (the schema's to refuse) leaves the amounts out; the GTIN of 10 digits is still refused (3201).
    const body = factura([item(1, 100, 18.001), item(1, 100, 18, { gtin: '1234567890' })], { issueDate: '2026-05-04' });
    expect(checkDocument(body, { igvRate: 0.18, today: '2026-05-04' }).map((issue) => issue.code)).toEqual(['sunat_3201']);
    const old = factura([item(1, 100, 18)], { issueDate: '2010-05-04', delivery: { address: 'AV' } });
    expect(documentObservations(old, { today: '2026-05-04' }).map((o) => [o.code, o.path])).toEqual([['4236', ['delivery', 'address']]]);
  });

  it("keeps a value it cannot compute from as the draft's error, and throws at a body of the wrong shape instead of answering for it", () => {
    const options = { igvRate: 0.18, today: '2026-05-04' };
    // Discounts past the total: a RangeError, kept as the draft's error once summarised, the summary left out.
    const past = summariseDraft(draftDocument(factura([item(1, 10, 1.8)], { discounts: [{ code: '03', amount: 12 }] }), options));
    expect(past.error).toEqual(new RangeError('discounts exceed the total (it would be -0.20)'));
    expect(past.summary).toBeUndefined();
    // A line discount that is null (JSON's `[null]`, the schema's to refuse) is no value the amounts miss: its TypeError
    // is thrown, never taken for a document with nothing to observe.
    const nullDiscount = factura([item(1, 100, 18, { discounts: [null as never] })]);
    expect(() => draftDocument(nullDiscount, options)).toThrow(new TypeError("Cannot read properties of null (reading 'code')"));
    expect(() => documentObservations(nullDiscount, { today: '2026-05-04' })).toThrow(new TypeError("Cannot read properties of null (reading 'code')"));
    // A legend that is null fails the summary (the legends it carries): thrown too, not kept as the draft's error.
    const nullLegend = draftDocument(factura([item(1, 100, 18)], { legends: [null as never] }), options);
    expect(nullLegend.error).toBeUndefined();
    expect(() => summariseDraft(nullLegend)).toThrow(new TypeError("Cannot read properties of null (reading 'code')"));
  });
});

describe('computeDocument: a RangeError naming the field, never a wrong number', () => {
  const cases: [string, DocumentCreateParams, string][] = [
    [
      'a free line without its valor referencial',
      factura([item(1, 0, 0, { igvAffectation: '11' })]),
      'items[0].referenceValue is required on a free line (affectation 11)',
    ],
    ['an igv with 3 decimals', factura([item(1, 100, 18.001)]), 'items[0].igv must have at most 2 decimals, got 18.001'],
    ['a quantity of 0', factura([item(0, 100, 0)]), 'items[0].quantity must be greater than 0, got 0'],
    ['a negative unit price', factura([item(1, -1, 0)]), 'items[0].unitPrice must not be negative, got -1'],
    ['an affectation catálogo 07 lacks', factura([item(1, 1, 0, { igvAffectation: '50' })]), 'items[0].igvAffectation must be a catálogo 07 code, got 50'],
    [
      'a line discount of a global code',
      factura([item(1, 100, 18, { discounts: [{ code: '02' as never, amount: 1 }] })]),
      'items[0].discounts[0].code must be one of 00, 01, got 02',
    ],
    [
      'a global charge of a line code',
      factura([item(1, 100, 18)], { charges: [{ code: '47' as never, amount: 1 }] }),
      'charges[0].code must be one of 45, 46, 49, 50, got 47',
    ],
    ['a discount of 0', factura([item(1, 100, 18)], { discounts: [{ code: '03', amount: 0 }] }), 'discounts[0].amount must be greater than 0, got 0'],
    [
      'a discount on a base of 0',
      factura([item(1, 100, 18)], { discounts: [{ code: '03', amount: 1, base: 0 }] }),
      'discounts[0].base must be greater than 0 (the factor is amount / base), got 0.00',
    ],
    [
      'a 02 discount without taxed lines',
      factura([item(1, 100, 0, { igvAffectation: '20' })], { discounts: [{ code: '02', amount: 1 }] }),
      'discounts[0].base must be greater than 0 (the factor is amount / base), got 0.00',
    ],
    [
      'a line discount above the line',
      factura([item(1, 10, 0, { discounts: [{ code: '00', amount: 11 }] })]),
      "items[0].discounts of code 00 exceed the line's value 10.00",
    ],
    [
      'a 02 discount above the taxed base',
      factura([item(1, 10, 1.8)], {
        discounts: [
          { code: '02', amount: 10 },
          { code: '02', amount: 5 },
        ],
      }),
      'discounts of code 02 exceed the taxed base (taxable would be -5.00)',
    ],
    ['a 03 discount above the total', factura([item(1, 10, 1.8)], { discounts: [{ code: '03', amount: 12 }] }), 'discounts exceed the total (it would be -0.20)'],
    [
      'a USD detracción without exchange rate',
      factura([item(1, 10, 1.8)], { currency: 'USD', detraction: { code: '037', rate: 0.12, account: '1' } }),
      'exchangeRate is required on a USD document with a detraction: its amounts are in PEN',
    ],
    [
      'an exchange rate of 4 decimals',
      factura([item(1, 10, 1.8)], { currency: 'USD', exchangeRate: 3.7512, perception: { code: '51' } }),
      'exchangeRate must be greater than 0 with at most 3 decimals, got 3.7512',
    ],
    [
      'a detracción rate of 12',
      factura([item(1, 10, 1.8)], { detraction: { code: '037', rate: 12, account: '1' } }),
      'detraction.rate must be a fraction from 0 to 1, e.g. 0.18, got 12',
    ],
    [
      'a percepción without a regime rate',
      factura([item(1, 10, 1.8)], { perception: { code: '99' as never } }),
      'perception.rate is required for a code without a catálogo 22 rate, got code 99',
    ],
    ['an IGV rate of 18', factura([item(1, 10, 1.8)]), 'igvRate must be a fraction from 0 to 1, e.g. 0.18, got 18'],
    [
      'an installment of 3 decimals',
      factura([item(1, 10, 1.8)], { paymentTerms: { type: 'credit', installments: [{ amount: 1.001, dueDate: '2026-12-01' }] } }),
      'paymentTerms.installments[0].amount must have at most 2 decimals, got 1.001',
    ],
    ['rounding of 3 decimals', factura([item(1, 10, 1.8)], { rounding: 0.001 }), 'rounding must have at most 2 decimals, got 0.001'],
    ['a quantity that is not a number', factura([item('2' as never, 10, 1.8), item(Number.NaN, 10, 1.8)]), 'items[1].quantity must be greater than 0, got NaN'],
    [
      'a quantity of 11 decimals, as text',
      factura([item('1.00000000001' as never, 10, 1.8)]),
      'items[0]: quantity must be a finite decimal with 1 to 30 digits before any point, at most 10 after it and no exponent, got 1.00000000001',
    ],
    ['an icbper of 3 decimals', factura([item(1, 10, 1.8, { icbper: 0.501 })]), 'items[0].icbper must have at most 2 decimals, got 0.501'],
    ['a negative valor referencial', factura([item(1, 0, 0, { igvAffectation: '21', referenceValue: -1 })]), 'items[0].referenceValue must not be negative, got -1'],
    [
      'a forma de pago neither cash nor credit',
      factura([item(1, 10, 1.8)], { paymentTerms: { type: 'later' } as never }),
      'paymentTerms.type must be cash or credit, got later',
    ],
    [
      'a USD percepción without exchange rate',
      factura([item(1, 10, 1.8)], { currency: 'USD', perception: { code: '51' } }),
      'exchangeRate is required on a USD document with a perception: its amounts are in PEN',
    ],
    [
      'an exchange rate of 0',
      factura([item(1, 10, 1.8)], { currency: 'USD', exchangeRate: 0, detraction: { code: '037', rate: 0.1, account: '1' } }),
      'exchangeRate must be greater than 0 with at most 3 decimals, got 0',
    ],
    ['a retención at a rate of 3', factura([item(1, 10, 1.8)], { retention: { rate: 3 } }), 'retention.rate must be a fraction from 0 to 1, e.g. 0.18, got 3'],
    [
      'a percepción amount of 3 decimals',
      factura([item(1, 10, 1.8)], { perception: { code: '51', amount: 0.001 } }),
      'perception.amount must have at most 2 decimals, got 0.001',
    ],
    [
      'a line discount of 3 decimals',
      factura([item(1, 10, 1.8, { discounts: [{ code: '01', amount: 1.001 }] })]),
      'items[0].discounts[0].amount must have at most 2 decimals, got 1.001',
    ],
    [
      'a line charge base of 3 decimals',
      factura([item(1, 10, 1.8, { charges: [{ code: '48', amount: 1, base: 1.001 }] })]),
      'items[0].charges[0].base must have at most 2 decimals, got 1.001',
    ],
    ['a global 49 of 3 decimals', factura([item(1, 10, 1.8)], { charges: [{ code: '49', amount: 1.001 }] }), 'charges[0].amount must have at most 2 decimals, got 1.001'],
    [
      'a global 02 base of 3 decimals',
      factura([item(1, 10, 1.8)], { discounts: [{ code: '02', amount: 1, base: 9.999 }] }),
      'discounts[0].base must have at most 2 decimals, got 9.999',
    ],
    [
      'an exchange rate that is not a number',
      factura([item(1, 10, 1.8)], { currency: 'USD', exchangeRate: '3,75' as never, perception: { code: '51' } }),
      'exchangeRate must be a finite decimal with 1 to 30 digits before any point, at most 10 after it and no exponent, got 3,75',
    ],
    [
      'a detracción amount of 3 decimals',
      factura([item(1, 10, 1.8)], { detraction: { code: '037', rate: 0.1, account: '1', amount: 1.001 } }),
      'detraction.amount must have at most 2 decimals, got 1.001',
    ],
    [
      'a percepción at a rate of 2',
      factura([item(1, 10, 1.8)], { perception: { code: '51', rate: 2 } }),
      'perception.rate must be a fraction from 0 to 1, e.g. 0.18, got 2',
    ],
    [
      'a percepción base of 3 decimals',
      factura([item(1, 10, 1.8)], { perception: { code: '51', base: 1.001 } }),
      'perception.base must have at most 2 decimals, got 1.001',
    ],
    ['a retención base of 3 decimals', factura([item(1, 10, 1.8)], { retention: { base: 1.001 } }), 'retention.base must have at most 2 decimals, got 1.001'],
    ['a retención amount of 3 decimals', factura([item(1, 10, 1.8)], { retention: { amount: 1.001 } }), 'retention.amount must have at most 2 decimals, got 1.001'],
    ['a total beyond amounts in words', factura([item(1, 1e12, 0, { igvAffectation: '20' })]), 'amount must be from 0 to 999999999999.99, got 1000000000000.00'],
    [
      'an advance of 3 decimals',
      factura([item(10, 1000, 1800)], { advances: [{ type: '02', fullNumber: 'F001-16', amount: 4720.001 }] }),
      'advances[0].amount must have at most 2 decimals, got 4720.001',
    ],
    [
      'an advance of 0.00',
      factura([item(10, 1000, 1800)], { advances: [{ type: '02', fullNumber: 'F001-16', amount: 0 }] }),
      'advances[0].amount must be greater than 0, got 0',
    ],
    [
      "an advance's value of 3 decimals",
      factura([item(10, 1000, 1800)], { advances: [{ type: '02', fullNumber: 'F001-16', amount: 4720, value: 4000.001 }] }),
      'advances[0].value must have at most 2 decimals, got 4000.001',
    ],
    [
      "an advance's value of 0.00",
      factura([item(10, 1000, 1800)], { advances: [{ type: '02', fullNumber: 'F001-16', amount: 4720, value: 0 }] }),
      'advances[0].value must be greater than 0, got 0.00',
    ],
    [
      'an advance on a sale without a taxed base (it deducts from that base)',
      factura([item(1, 1000, 0, { igvAffectation: '20' })], { advances: [{ type: '02', fullNumber: 'F001-16', amount: 500, value: 500 }] }),
      'discounts of code 02 exceed the taxed base (taxable would be -500.00)',
    ],
    [
      'a 02 discount above the IVAP base (3 × 18.50 = 55.50)',
      factura([item(3, 18.5, 2.22, { igvAffectation: '17' })], { discounts: [{ code: '02', amount: 60 }] }),
      'discounts of code 02 exceed the IVAP base (ivapBase would be -4.50)',
    ],
    [
      'a sale on credit without its cuotas',
      factura([item(1, 100, 18)], { paymentTerms: { type: 'credit' } as never }),
      'paymentTerms.installments is required on a sale on credit: the cuotas and their amounts',
    ],
    [
      'an ISC of system 01 without its rate',
      factura([item(10, 50, 112.5, { isc: { system: '01' } })]),
      'items[0].isc.rate is required with system 01: the ISC rate as a fraction (0.3 is 30%)',
    ],
  ];
  it('documentAmounts, under computeDocument, names a rate that is not a fraction', () => {
    expect(() => documentAmounts(factura([]), 18, [])).toThrow(new RangeError('igvRate must be a fraction from 0 to 1, e.g. 0.18, got 18'));
  });

  it('names a missing IGV rate (a caller without types), never failing later on the amounts it left out', () => {
    expect(() => computeDocument(factura([item(1, 10, 1.8)]), { igvRate: undefined as never })).toThrow(
      new RangeError("igvRate is required: the issuer's IGV rate as a fraction, e.g. 0.18 (igvRateOn(issueDate) gives the rate of a date)"),
    );
  });

  it.each(cases)('%s', (name, body, message) => {
    const igvRate = name === 'an IGV rate of 18' ? 18 : 0.18;
    expect(() => computeDocument(body, { igvRate })).toThrow(new RangeError(message));
  });
});
