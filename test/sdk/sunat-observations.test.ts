/**
 * `documentObservations`: what SUNAT observes in a document it accepts. Each observation against
 * its boundary; `scripts/validate-ubl.ts` (in `npm run test:sunat-xsl`) compares the same
 * function with SUNAT's own stylesheets on every scenario of test/ubl-scenarios.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentCreateParams } from '../../src/index.js';
import { CODES } from '../../src/sunat/document/rules/codes.js';
import { checkDocument, documentObservations } from '../../src/sunat/index.js';
import { boleta, dni, factura, item } from '../document-bodies.js';
import { ISSUE_DATE as issueDate, UBL_SCENARIOS } from '../ubl-scenarios.js';

const bags = (quantity: number, icbper: number, extra: object = {}) => item(quantity, 0.1, Math.round(quantity * 1.8) / 100, { description: 'Bolsa', icbper, ...extra });
/** The observations of `body` as [code, path]; each one words itself in English and carries SUNAT's own words for its code, in Spanish. */
const observed = (body: DocumentCreateParams, igvRate?: number) =>
  documentObservations(body, { today: '2026-05-04', igvRate }).map((o) => {
    // It points at a field its code's registry entry names (indices as *).
    const field = CODES[o.code as keyof typeof CODES].field;
    expect(typeof field === 'string' ? [field] : field, o.code).toContain(o.path.map((key) => (typeof key === 'number' ? '*' : key)).join('.'));
    expect(o.message, o.code).toMatch(/\w{3}/);
    expect(o.sunatDescription, o.code).toMatch(/^\p{L}[\p{L}\p{N} .,:;()'"/@-]{9,}$/u);
    return [o.code, o.path.join('.')];
  });

describe('documentObservations', () => {
  it("observes a rate in force on no account on the issue date (4439), on each taxed line, and never the general or the padrón's rate", () => {
    const menu = factura({ items: [item(1, 100, 10), item(1, 50, 0, { igvAffectation: '20' }), item(1, 100, 10)] });
    const at = (igvRate: number, date = issueDate) => documentObservations({ ...menu, issueDate: date }, { today: date, igvRate });
    // 2026-05-04: 18%, or 10.5% in the padrón; 10% was the padrón's rate until 2026-02-12.
    expect(at(0.1).map((o) => [o.code, o.path.join('.'), o.message])).toEqual([
      [
        '4439',
        'items.0.igv',
        "the line's IGV rate (0.1) is not one in force on the issue date (0.18, 0.105: the general rate, or the reduced one of SUNAT's padrón of restaurants and hotels)",
      ],
      [
        '4439',
        'items.2.igv',
        "the line's IGV rate (0.1) is not one in force on the issue date (0.18, 0.105: the general rate, or the reduced one of SUNAT's padrón of restaurants and hotels)",
      ],
    ]);
    expect(at(0.1)[0]!.description).toBe(
      'La tasa del IGV de la línea (0.1) no es una vigente en la fecha de emisión (0.18, 0.105: la general, o la reducida del padrón de restaurantes y hoteles)',
    );
    expect(at(0.1)[0]!.sunatDescription).toBeUndefined(); // no public copy of SUNAT's list holds 4439
    expect(at(0.18)).toEqual([]);
    expect(at(0.105)).toEqual([]);
    expect(at(0.1, '2026-02-12')).toEqual([]);
    expect(at(0.105, '2026-02-12').map((o) => o.code)).toEqual(['4439', '4439']);
    // Before Ley 31556 (2022-09-01) only 18% was in force.
    expect(at(0.1, '2022-08-31').map((o) => o.message)).toContain(
      "the line's IGV rate (0.1) is not one in force on the issue date (0.18: the general rate, or the reduced one of SUNAT's padrón of restaurants and hotels)",
    );
  });

  it('observes 4439 on a taxed line it computed worth more than 0.00, and on no line of a date no IGV rate is known for', () => {
    const at10 = (body: DocumentCreateParams, date = issueDate) =>
      documentObservations({ ...body, issueDate: date }, { today: date, igvRate: 0.1 }).map((o) => [o.code, o.path.join('.')]);
    // A line of 0.00 carries no IGV to be at a rate.
    expect(at10(factura({ items: [item(1, 100, 10), item(1, 0, 0)] }))).toEqual([['4439', 'items.0.igv']]);
    // A line whose IGV has 3 decimals (the schema's to refuse) is not computed: left out, the lines around it still observed.
    expect(at10(factura({ items: [item(1, 100, 10), item(1, 100, 10.001), item(1, 100, 10)] }))).toEqual([
      ['4439', 'items.0.igv'],
      ['4439', 'items.2.igv'],
    ]);
    // yupana knows the general rate from 2011-03-01: before, no rate is said to be out of force.
    const menu = factura({ items: [item(1, 100, 10)] });
    expect([at10(menu, '2011-02-28'), at10(menu, '2011-03-01')]).toEqual([[], [['4439', 'items.0.igv']]]);
  });

  it("observes nothing in the documents SUNAT's stylesheets accept without a note", () => {
    for (const { name, body, igvReducedRate } of UBL_SCENARIOS.filter((s) => !s.name.includes('observes'))) {
      expect(observed(body, igvReducedRate ? 0.105 : undefined), name).toEqual([]);
    }
  });

  it("observes a bag line whose ICBPER is not the bags × the amount per bag (4318), compared as SUNAT's stylesheet compares, in binary floating point", () => {
    // 2026: 0.50 a bag. 1.00 over 2 bags is 0.50 each.
    expect(observed(boleta({ items: [bags(2, 1)] }))).toEqual([]);
    // 1.00 over 3 bags is 0.33 a bag: 3 × 0.33 = 0.99, and 1.00 − 0.99 is 0.010000000000000009 there, past 0.01.
    expect(observed(boleta({ items: [bags(3, 1.5), bags(3, 1)] }))).toEqual([
      ['4318', 'items.1.icbper'],
      ['4237', 'items.1.icbper'],
    ]);
    // 0.02 over 3 bags is 0.01 a bag: 0.02 − 0.03 is −0.009999999999999998 there, within 0.01.
    expect(observed(boleta({ items: [bags(3, 0.02)] }))).toEqual([['4237', 'items.0.icbper']]);
    // Exactly 0.01 either way is not past it: 0.01 − 2 × 0.01 and 0.01 − 3 × 0.00.
    expect([observed(boleta({ items: [bags(2, 0.01)] })), observed(boleta({ items: [bags(3, 0.01)] }))]).toEqual([
      [['4237', 'items.0.icbper']],
      [['4237', 'items.0.icbper']],
    ]);
    // 1.00 over 7 bags is 0.14 each, 0.98 (0.02 short); over 6, 0.17 each, 1.02 (0.02 over).
    expect([observed(boleta({ items: [bags(7, 1)] })), observed(boleta({ items: [bags(6, 1)] }))].map((list) => list.map(([code]) => code))).toEqual([
      ['4318', '4237'],
      ['4318', '4237'],
    ]);
  });

  it("observes, in soles, an amount per bag other than the issue date's year's (4237), and bags counted in another unit than NIU (4320)", () => {
    expect(observed(boleta({ items: [bags(2, 0.8)] }))).toEqual([['4237', 'items.0.icbper']]);
    expect(observed(boleta({ issueDate: '2022-03-01', items: [bags(2, 0.8)] }))).toEqual([]);
    expect(observed(boleta({ currency: 'USD', exchangeRate: 3.75, items: [bags(2, 0.8)] }))).toEqual([]);
    expect(observed(boleta({ items: [bags(2, 1, { unitCode: 'ZZ' })] }))).toEqual([['4320', 'items.0.unitCode']]);
    // Without an issue date, today's year, as `today` says.
    expect(documentObservations(boleta({ issueDate: undefined, items: [bags(2, 0.8)] }), { today: '2022-12-31' })).toEqual([]);
  });

  it('observes a guía whose number is not a series and number (4006)', () => {
    const guide = (fullNumber: string) => observed(factura({ despatches: [{ type: '09', fullNumber }] }));
    expect(documentObservations(factura({ despatches: [{ type: '09', fullNumber: 'GUIA-123' }] }))[0]?.description).toBe(
      'El número de la guía de remisión relacionada (GUIA-123) no es una serie y un número, como T001-123',
    );
    expect(['T001-123', 'TA1B-12345678', '0001-5', 'E1-7', 'G001-1', 'VB12-44'].map(guide)).toEqual([[], [], [], [], [], []]);
    expect(['GUIA-123', 'T001-', 'T001-123456789', 't001-1'].map(guide)).toEqual(Array.from({ length: 4 }, () => [['4006', 'despatches.0.fullNumber']]));
  });

  it('observes a related document of a catálogo 12 type its document type does not take (4009): each type its own list', () => {
    const related = (body: DocumentCreateParams) => observed({ ...body, relatedDocuments: [{ type: '06', number: 'X1' }] });
    expect(related(factura())).toEqual([]);
    expect(related(boleta())).toEqual([['4009', 'relatedDocuments.0.type']]);
    expect(documentObservations({ ...boleta(), relatedDocuments: [{ type: '06', number: 'X1' }] })[0]?.description).toBe(
      'El tipo de documento relacionado (06) no es uno de los del catálogo 12 que admite este comprobante: 02, 03, 04, 05, 08, 09, 99',
    );
    // A nota de crédito takes 01, 04, 05 and 99; a nota de débito 04, 05 and 99.
    const nota = (type: '07' | '08', related: string) =>
      observed({
        ...factura({ type, reference: { type: '01', fullNumber: 'F001-1', issueDate: '2026-05-01', reason: '01', description: 'x' } }),
        relatedDocuments: [{ type: related, number: 'CONTRATO15' }],
      });
    expect([nota('07', '01'), nota('08', '01'), nota('08', '99')].map((list) => list.length)).toEqual([0, 1, 0]);
    expect(observed(factura({ relatedDocuments: [{ type: '01', number: 'X1' }] }))).toEqual([['4009', 'relatedDocuments.0.type']]);
    expect(observed(factura({ relatedDocuments: [{ type: '99', number: 'X1' }] }))).toEqual([]);
  });

  it('observes a related document whose number is not of the shape its document type takes (4010): no white space, long enough', () => {
    const number = (type: '01' | '03' | '07' | '08', value: string) =>
      observed({
        ...factura({
          type,
          ...(type === '07' || type === '08' ? { reference: { type: '01', fullNumber: 'F001-1', issueDate: '2026-05-01', reason: '01', description: 'x' } } : {}),
        }),
        relatedDocuments: [{ type: type === '07' ? '01' : '99', number: value }],
      }).map(([code]) => code);
    expect([number('01', '_1'), number('01', 'CONTRATO 15'), number('01', 'A'), number('01', '-15'), number('03', 'AB')]).toEqual([[], ['4010'], ['4010'], ['4010'], []]);
    // The stylesheets' \w is Java's: ASCII letters, digits and _; Ñ, É, + and $ are not.
    expect(['Ñ12345', 'É-2026-15', '+12345', '$12345', '_12345'].map((value) => number('01', value))).toEqual([['4010'], ['4010'], ['4010'], ['4010'], []]);
    // A nota de crédito's takes 6 to 30 characters without spaces, any first; a nota de débito's 7 to 31.
    expect([number('07', '-12345'), number('07', '12345'), number('08', 'A12345'), number('08', 'A123456')]).toEqual([[], ['4010'], ['4010'], []]);
    expect(observed({ ...factura(), relatedDocuments: [{ type: '99', number: 'CONTRATO 15' }] })).toEqual([['4010', 'relatedDocuments.0.number']]);
    // A document type no stylesheet has: every related type is observed, and no number.
    expect(observed({ ...factura(), type: '99' as never, relatedDocuments: [{ type: '99', number: 'CONTRATO 15' }] })).toEqual([['4009', 'relatedDocuments.0.type']]);
    expect(documentObservations({ ...factura(), relatedDocuments: [{ type: '99', number: 'CONTRATO 15' }] })[0]?.description).toBe(
      'El número del documento relacionado (CONTRATO 15) no tiene la forma que SUNAT admite: sin espacios y de 2 a 31 caracteres',
    );
  });

  it("observes a factura's orden de compra with characters other than letters and digits (4233), not a boleta's", () => {
    expect(observed(factura({ purchaseOrder: 'OC4471' }))).toEqual([]);
    expect(documentObservations(factura({ purchaseOrder: 'OC-4471' }))).toEqual([
      {
        code: '4233',
        path: ['purchaseOrder'],
        description: 'El número de la orden de compra (OC-4471) tiene caracteres que no son letras ni dígitos',
        message: "the orden de compra's number (OC-4471) has characters other than letters and digits",
        sunatDescription: 'El dato ingresado en order de compra no cumple con el formato establecido.',
      },
    ]);
    expect(observed(boleta({ purchaseOrder: 'OC-4471' }))).toEqual([]);
  });

  it('observes what checkDocument accepts, and describes each observation in Spanish as the notes of SUNAT’s answer do, in English, and in SUNAT’s own words for its code', () => {
    const body = boleta({ items: [bags(3, 1, { unitCode: 'DZN' })] });
    expect(checkDocument(body, { igvRate: 0.18, today: '2026-05-04' })).toEqual([]);
    expect(documentObservations(body, { today: '2026-05-04' })).toEqual([
      {
        code: '4320',
        path: ['items', 0, 'unitCode'],
        description: 'Las bolsas plásticas se cuentan en unidades (NIU), no en DZN',
        message: 'plastic bags are counted in units (NIU), not in DZN',
        sunatDescription: 'El dato ingresado como unidad de medida no corresponde al valor esperado',
      },
      {
        code: '4318',
        path: ['items', 0, 'icbper'],
        description: 'El ICBPER de la línea (1.00) no es la cantidad de bolsas (3) por el monto por bolsa (0.33)',
        message: "the line's ICBPER (1.00) is not the bags (3) × the amount per bag (0.33)",
        sunatDescription: 'El dato ingresado en el campo cac:TaxSubtotal/cbc:TaxAmount del ítem no coincide con el valor calculado',
      },
      {
        code: '4237',
        path: ['items', 0, 'icbper'],
        description: 'El monto por bolsa (0.33) no es el del ICBPER vigente en la fecha de emisión (0.50)',
        message: 'the ICBPER per bag (0.33) is not the one in force on the issue date (0.50)',
        sunatDescription: 'La tasa del tributo de la línea no corresponde al valor esperado',
      },
    ]);
  });

  it("observes a boleta's IGV total more than 1.00 from its taxed base × the rate (4290), which on a factura is a rejection (3291)", () => {
    // Three lines of 10.00 with an IGV of 2.70 each: each within 1.00 of 1.80, the total 8.10 against 5.40.
    const items = [item(1, 10, 2.7), item(1, 10, 2.7), item(1, 10, 2.7)];
    expect(observed(boleta({ items }))).toEqual([
      ['4290', 'items'],
      ['4310', 'items'],
    ]);
    expect(checkDocument(boleta({ items }), { igvRate: 0.18, today: issueDate })).toEqual([]);
    expect(observed(factura({ items }))).toEqual([]);
    // A global discount 02 lowers the taxed base the total is compared with: 100.00 − 50.00 at 18% is 9.00.
    expect(observed(boleta({ items: [item(1, 100, 18)], discounts: [{ code: '02', amount: 50 }] }))).toEqual([]);
    expect(documentObservations(boleta({ items }), { today: '2026-05-04' })[1]?.description).toBe(
      'El total con impuestos (38.10) difiere en más de 1.00 del valor de venta más los tributos calculados',
    );
    expect(checkDocument(factura({ items }), { igvRate: 0.18, today: issueDate }).map((i) => i.code)).toEqual(['sunat_3291']);
    expect(observed(boleta({ items: [item(1, 10, 2.7), item(1, 10, 1.8)] }))).toEqual([]);
    // At the rate given: 10.5% makes 1.05 the line's IGV.
    expect(documentObservations(boleta({ items: [item(1, 10, 1.05), item(1, 10, 1.05)] }), { igvRate: 0.105 })).toEqual([]);
    expect(documentObservations(boleta({ items }), { igvRate: 0.105 })[0]?.description).toBe(
      'El IGV total (8.10) difiere en más de 1.00 de la base gravada por la tasa del IGV',
    );
  });

  it('observes on a nota of a boleta what SUNAT refuses on a nota of a factura: its discounts and charges past 1.00 (4288, 4312, 4287, 4299, 4290), and reasons 04, 05, 08 (4367)', () => {
    const ofBoleta = (type: '07' | '08', extra: Partial<DocumentCreateParams> = {}) =>
      boleta({ type, reference: { type: '03', fullNumber: 'B001-10', issueDate: '2026-04-20', reason: type === '07' ? '07' : '02', description: 'Sustento' }, ...extra });
    const lines = (adjustment: object, igv = 18) => ({ items: [item(1, 100, igv, adjustment)] });
    expect(observed(ofBoleta('07', lines({ discounts: [{ code: '00', amount: 10 }] }, 16.2)))).toEqual([['4288', 'items.0']]);
    expect(observed(ofBoleta('07', lines({ charges: [{ code: '47', amount: 10 }] }, 19.8)))).toEqual([['4288', 'items.0']]);
    expect(observed(ofBoleta('07', lines({ discounts: [{ code: '01', amount: 10 }] })))).toEqual([['4312', 'discounts']]);
    expect(observed(ofBoleta('08', lines({ discounts: [{ code: '01', amount: 10 }] })))).toEqual([
      ['4287', 'items.0'],
      ['4312', 'discounts'],
    ]);
    // A nota de crédito's price per unit is not checked; a nota de débito's is, 48 left out.
    expect(observed(ofBoleta('07', lines({ charges: [{ code: '48', amount: 10 }] })))).toEqual([]);
    expect(observed(ofBoleta('08', lines({ charges: [{ code: '48', amount: 10 }] })))).toEqual([['4287', 'items.0']]);
    expect(observed(ofBoleta('07', { discounts: [{ code: '03', amount: 10 }] }))).toEqual([['4312', 'discounts']]);
    expect(observed(ofBoleta('07', { discounts: [{ code: '02', amount: 10 }] }))).toEqual([
      ['4299', 'discounts'],
      ['4290', 'items'],
    ]);
    // Within 1.00, nothing; a charge 50 is taken.
    expect(observed(ofBoleta('07', { discounts: [{ code: '02', amount: 1 }] }))).toEqual([]);
    expect(observed(ofBoleta('08', { charges: [{ code: '50', amount: 10 }] }))).toEqual([]);
    // A nota of a factura is refused instead (checkDocument), never observed.
    expect(
      observed(
        factura({
          type: '07',
          reference: { type: '01', fullNumber: 'F001-10', issueDate: '2026-04-20', reason: '07', description: 'Sustento' },
          discounts: [{ code: '03', amount: 10 }],
        }),
      ),
    ).toEqual([]);
    // A discount 01 and a charge 48 that cancel out leave a nota de débito's price per unit as its stylesheet computes it.
    expect(observed(ofBoleta('08', lines({ discounts: [{ code: '01', amount: 10 }], charges: [{ code: '48', amount: 10 }] })))).toEqual([['4312', 'discounts']]);
    // Amounts that cannot be computed (an affectation catálogo 07 lacks) are checkDocument's to refuse: nothing observed, nothing thrown.
    expect(observed(ofBoleta('07', lines({ igvAffectation: '50' })))).toEqual([]);
    const many = ofBoleta('08', {
      discounts: [
        { code: '02', amount: 10 },
        { code: '03', amount: 10 },
      ],
      items: [item(1, 100, 18, { charges: [{ code: '47', amount: 10 }] })],
    });
    for (const note of documentObservations(many, { today: '2026-05-04' })) expect(note.description, note.code).toMatch(/^[A-ZÁÉÍÓÚ][^]{20,}/);
    const reason = (code: string) => ofBoleta('07', { reference: { type: '03', fullNumber: 'B001-10', issueDate: '2026-04-20', reason: code, description: 'Sustento' } });
    // A nota de crédito of a factura, of the same reasons: not observed.
    expect(observed(factura({ type: '07', reference: { type: '01', fullNumber: 'F001-10', issueDate: '2026-04-20', reason: '04', description: 'Descuento' } }))).toEqual(
      [],
    );
    expect(['04', '05', '08', '07', '01'].map((code) => observed(reason(code)))).toEqual([
      [['4367', 'reference.reason']],
      [['4367', 'reference.reason']],
      [['4367', 'reference.reason']],
      [],
      [],
    ]);
  });

  it("observes a boleta's foreign customer whose document number is not 1 to 15 letters and digits (4208), and a nota's line described in fewer than 3 characters (4084)", () => {
    const foreign = (documentType: '0' | '7' | '1', documentNumber: string) => boleta({ customer: { documentType, documentNumber, name: 'John Doe' } });
    expect(observed(foreign('7', 'X-1234'))).toEqual([['4208', 'customer.documentNumber']]);
    expect(observed(foreign('0', '-'))).toEqual([['4208', 'customer.documentNumber']]);
    expect(observed(foreign('7', 'A'.repeat(16)))).toEqual([['4208', 'customer.documentNumber']]);
    expect([observed(foreign('7', 'X1234')), observed(foreign('7', 'A'.repeat(15))), observed(foreign('1', '05414828'))]).toEqual([[], [], []]);
    // On a factura the stylesheet has no such rule.
    expect(
      observed(
        factura({ operationType: '0200', customer: { documentType: '0', documentNumber: '-', name: 'Andes LLC' }, items: [item(1, 100, 0, { igvAffectation: '40' })] }),
      ),
    ).toEqual([]);
    const described = (description: string) =>
      observed(factura({ type: '07', reference: { documentId: 'doc_1', reason: '07', description: 'Devolución' }, items: [item(1, 100, 18, { description })] }));
    expect(['ab', 'a\nbc', 'ab\n', '   '].map(described)).toEqual([
      [['4084', 'items.0.description']],
      [['4084', 'items.0.description']],
      [['4084', 'items.0.description']],
      [['4084', 'items.0.description']],
    ]);
    expect(['abc', ' ab', '\nab'].map(described)).toEqual([[], [], []]);
    // Each in words: the document number it speaks of, the nota's line, the nota's reason.
    const words = (body: DocumentCreateParams) => documentObservations(body, { today: '2026-05-04' }).map((o) => o.description);
    expect(words(foreign('7', 'X-1234'))).toEqual(['El número del documento de identidad del cliente (X-1234) no tiene solo letras y dígitos, de 1 a 15']);
    expect(
      words(factura({ type: '07', reference: { documentId: 'doc_1', reason: '07', description: 'Devolución' }, items: [item(1, 100, 18, { description: 'ab' })] })),
    ).toEqual(['La descripción de la línea de la nota tiene menos de 3 caracteres']);
    expect(observed(factura({ items: [item(2, 100, 36, { description: 'ab' })] }))).toEqual([]);
  });

  it("observes on a boleta a discount or charge past 1.00 from base × factor (4289 a line's, 4322 a global one), which a factura is refused for (3290, 3307)", () => {
    const line = boleta({ items: [item(1, 500_000, 88_600, { discounts: [{ code: '00', amount: 7777.77 }] })] });
    expect(observed(line)).toEqual([['4289', 'items.0.discounts.0']]);
    const global = boleta({ items: [item(1, 500_000, 90_000)], discounts: [{ code: '03', amount: 1234.56 }] });
    expect(observed(global)).toEqual([['4322', 'discounts.0']]);
    // Each in words, a discount's as a discount, a charge's as a charge.
    expect(documentObservations(line, { today: '2026-05-04' })[0]?.description).toBe(
      'El monto del descuento de la línea difiere en más de 1.00 de su base por su factor',
    );
    expect(documentObservations(global, { today: '2026-05-04' })[0]?.description).toBe('El monto del descuento global difiere en más de 1.00 de su base por su factor');
    const charged = boleta({ items: [item(1, 500_000, 90_000, { charges: [{ code: '48', amount: 7777.77 }] })], charges: [{ code: '50', amount: 1234.56 }] });
    expect(documentObservations(charged, { today: '2026-05-04' }).map((o) => o.description)).toEqual([
      'El monto del cargo de la línea difiere en más de 1.00 de su base por su factor',
      'El monto del cargo global difiere en más de 1.00 de su base por su factor',
    ]);
    expect(observed(charged)).toEqual([
      ['4289', 'items.0.charges.0'],
      ['4322', 'charges.0'],
    ]);
    // Within 1.00, or a global factor of 0.00000 (2.00 on 590,000.00), nothing; a factura is refused, not observed.
    expect(observed(boleta({ items: [item(1, 500_000, 90_000)], discounts: [{ code: '03', amount: 2 }] }))).toEqual([]);
    expect(observed(boleta({ items: [item(1, 1000, 180, { discounts: [{ code: '01', amount: 7.77 }] })] }))).toEqual([]);
    expect(observed({ ...line, type: '01', series: 'F001', customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' } })).toEqual([]);
  });

  it("observes a nota's customer name not of 3 to 1000 characters on one line (2022, a rejection on a factura or boleta)", () => {
    const named = (name: string) =>
      observed(
        boleta({
          type: '07',
          customer: { ...dni, name },
          reference: { type: '03', fullNumber: 'B001-10', issueDate: '2026-04-20', reason: '07', description: 'Devolución' },
        }),
      );
    expect([named('Al'), named(' Ana María'), named('A'.repeat(1001))]).toEqual([[['2022', 'customer.name']], [['2022', 'customer.name']], [['2022', 'customer.name']]]);
    expect([named('Ana'), named('A'.repeat(1000))]).toEqual([[], []]);
  });

  it('leaves a line it cannot read to checkDocument', () => {
    expect(observed(boleta({ items: [bags(2, 'x' as never), bags(0, 1), bags(2, 1, { quantity: 'x' as never }), bags(2, 0)] }))).toEqual([]);
    expect(observed(boleta({ issueDate: '2018-01-01', items: [bags(2, 0.8)] }))).toEqual([]);
  });
});
