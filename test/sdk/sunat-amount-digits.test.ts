/**
 * SUNAT's amount format (issue 33, item 6): every amount its stylesheets read has at most 12
 * integer digits (`^[0-9]{1,12}(\.[0-9]{1,2})?$`), each amount with its own code, by document
 * type. checkDocument passed an 11.8-trillion total, and the sandbox wrote a 13-digit amount into
 * the XML. The amounts below are computed by hand.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentCreateParams } from '../../src/models/document.js';
import { checkDocument, line } from '../../src/sunat/index.js';
import { createMockSandbox, MOCK_API_KEY } from '../../src/testing/index.js';
import { boleta, factura, item } from '../document-bodies.js';
import { handlersFetch } from '../handlers-fetch.js';
import { makeClient } from '../helpers.js';
import { ISSUE_DATE } from '../ubl-scenarios.js';

const check = (body: DocumentCreateParams) => checkDocument(body, { igvRate: 0.18, today: ISSUE_DATE });
/** The issues of the amount format, as [code, path]. */
const digits = (body: DocumentCreateParams) =>
  check(body)
    .filter((issue) => /has more than 12 integer digits/.test(issue.message))
    .map((issue) => [issue.code, issue.path.join('.')]);

describe('amounts of at most 12 integer digits', () => {
  it('takes 999 999 999 999.98, twelve digits: 847 457 627 118.63 + IGV 152 542 372 881.35', () => {
    // 847 457 627 118.63 × 0.18 = 152 542 372 881.3534 → 152 542 372 881.35; the sum 999 999 999 999.98.
    expect(check(factura({ items: [item(1, 847_457_627_118.63, 152_542_372_881.35)] }))).toEqual([]);
  });

  it('refuses a unit value of 13 digits on a factura with 2369, at the field', () => {
    expect(digits(factura({ items: [item(1, 10_000_000_000_000, 1_800_000_000_000)] }))).toEqual([['sunat_2369', 'items.0.unitPrice']]);
  });

  it('refuses a quantity of 13 digits with 2025 on a factura and 2139 on a nota', () => {
    const line = item(1_000_000_000_000, 0.01, 1_800_000_000);
    expect(digits(factura({ items: [line] }))).toEqual([['sunat_2025', 'items.0.quantity']]);
    const note = factura({ type: '07', items: [line], reference: { documentId: 'doc_1', reason: '07', description: 'Devolución' } });
    expect(digits(note)).toEqual([['sunat_2139', 'items.0.quantity']]);
  });

  it('refuses a line whose price per unit with IGV passes 12 digits though its value does not (2367), once per line', () => {
    // 2 × 999 999 999 999 = 1 999 999 999 998 value of the line, whose price per unit with IGV is
    // 999 999 999 999 × 1.18 = 1 179 999 999 998.82: 2367 is the first of the line's amounts past it.
    const line = item(2, 999_999_999_999, 359_999_999_999.64);
    expect(digits(factura({ items: [line, line] }))).toEqual([
      ['sunat_2367', 'items.0'],
      ['sunat_2367', 'items.1'],
    ]);
  });

  it('refuses the totals of lines within the format once, with the first code its stylesheet reads: 2999 on a factura, 2031 on a boleta', () => {
    // Three lines of 500 000 000 000.00 + IGV 90 000 000 000.00: a taxable base of
    // 1 500 000 000 000.00 (13 digits), an IGV of 270 000 000 000.00 (12), a total of 1 770 000 000 000.00.
    const lines = [1, 2, 3].map(() => item(1, 500_000_000_000, 90_000_000_000));
    expect(digits(factura({ items: lines }))).toEqual([['sunat_2999', 'items']]);
    // A boleta's stylesheet reads no 2999 of this format; its value of sale (2031) is the first.
    expect(digits(boleta({ items: lines }))).toEqual([['sunat_2031', 'items']]);
  });

  it("a line's first amount past the format, in SUNAT's order: its taxes (3021), its taxable base (3031), its IGV (2033)", () => {
    // 1000 × 10 000 000 000.00 = 10 000 000 000 000.00 (13 digits), its IGV 1 800 000 000 000.00 (13): the taxes come first.
    expect(digits(factura({ items: [item(1000, 10_000_000_000, 1_800_000_000_000)] }))).toEqual([['sunat_3021', 'items.0']]);
    // Exonerated (20), no IGV: its taxable base is the first past it.
    expect(digits(factura({ items: [item(1000, 10_000_000_000, 0, { igvAffectation: '20' })] }))).toEqual([['sunat_3031', 'items.0']]);
    // A free line's IGV is out of its taxes; 2 × 1.00 of reference value, an IGV given as 1 000 000 000 000.00.
    const free = item(2, 0, 1_000_000_000_000, { igvAffectation: '15', referenceValue: 1 });
    expect(digits(factura({ items: [item(1, 100, 18), free] }))).toEqual([['sunat_2033', 'items.1.igv']]);
  });

  it("a boleta's stylesheet reads neither its quantity nor its unit value in this format: its price per unit with IGV is the first", () => {
    expect(digits(boleta({ items: [item(1_000_000_000_000, 0.01, 1_800_000_000)] }))).toEqual([]);
    // 10 000 000 000 000.00 × 1.18 = 11 800 000 000 000.00 a unit.
    expect(digits(boleta({ items: [item(1, 10_000_000_000_000, 1_800_000_000_000)] }))).toEqual([['sunat_2367', 'items.0']]);
  });

  it("the document's totals, each the first past it: 2048 its ISC, 2031 its value of sale, 3019 its total with taxes, 2064 its charges, 2062 its total", () => {
    // Two lines of 1.00 with an ISC of 600 000 000 000.00 each (02, per unit; on an ISC base of 100 000 000 000.00 of its own): IGV
    // (1.00 + 600 000 000 000.00) × 18% = 108 000 000 000.18 each; the ISC total 1 200 000 000 000.00 (13 digits), the bases 12 at most.
    const excise = item(1, 1, 108_000_000_000.18, { isc: { system: '02', amountPerUnit: 600_000_000_000, base: 100_000_000_000 } });
    expect(digits(factura({ items: [excise, excise] }))).toEqual([['sunat_2048', 'items']]);
    // 600 000 000 000.00 taxed + 600 000 000 000.00 exonerated: each base has 12 digits, the value of sale 13.
    const half = (extra = {}) => item(1, 600_000_000_000, 108_000_000_000, extra);
    expect(digits(factura({ items: [half(), half({ igvAffectation: '20', igv: 0 })] }))).toEqual([['sunat_2031', 'items']]);
    // 2 × 450 000 000 000.00 + IGV 162 000 000 000.00 = 1 062 000 000 000.00 with taxes (531 000 000 000.00 a unit).
    expect(digits(factura({ items: [item(2, 450_000_000_000, 162_000_000_000)] }))).toEqual([['sunat_3019', 'items']]);
    // A charge that is not of the base (50) of 1 000 000 000 000.00 on a sale of 118.00.
    expect(digits(factura({ items: [item(1, 100, 18)], charges: [{ code: '50', amount: 1_000_000_000_000 }] }))).toEqual([['sunat_2064', 'charges']]);
    // 708 000 000 000.00 with taxes and a charge of 500 000 000 000.00: 1 208 000 000 000.00 to pay.
    expect(digits(factura({ items: [half()], charges: [{ code: '50', amount: 500_000_000_000 }] }))).toEqual([['sunat_2062', 'items']]);
  });

  it('words the code with the amount and SUNAT its own description', () => {
    expect(check(factura({ items: [item(1, 10_000_000_000_000, 1_800_000_000_000)] }))).toContainEqual({
      code: 'sunat_2369',
      path: ['items', 0, 'unitPrice'],
      message: "a line's unit value (10000000000000.00) has more than 12 integer digits: SUNAT's amounts are at most 999999999999.99",
      sunatDescription: 'El dato ingresado en PriceAmount del Valor de venta unitario por item no cumple con el formato establecido',
    });
  });

  it('the sandbox refuses it before numbering, naming the field, so no 13-digit amount reaches its XML', async () => {
    const sandbox = createMockSandbox();
    const client = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(sandbox.handlers), maxRetries: 0 });
    const lines = [1, 2, 3].map(() => item(1, 500_000_000_000, 90_000_000_000));
    const error = await client.documents.create({ ...factura({ items: lines }), issueDate: undefined } as never).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, code: 'validation_error', errors: [expect.objectContaining({ code: 'sunat_2999', path: 'items' })] });
    expect(sandbox.documents()).toEqual([]);
  });
});

describe('digit strings are bounded', () => {
  it('line() refuses a quantity of a million digits as a RangeError naming it, its text cut short (it took 5.6 s of big-integer arithmetic)', () => {
    const million = '9'.repeat(1_000_000);
    expect(() => line({ quantity: million, unitValue: million, igvRate: 0.18 })).toThrow(
      new RangeError(
        `quantity must be a finite decimal with 1 to 30 digits before any point, at most 10 after it and no exponent, got ${'9'.repeat(40)}… (1000000 characters)`,
      ),
    );
  });

  it('takes 30 integer digits and computes them exactly', () => {
    // 10^29 × 1.00 = 10^29; its IGV at 18 %, 1.8 × 10^28.
    expect(line({ quantity: `1${'0'.repeat(29)}`, unitValue: '1.00', igvRate: 0.18 })).toEqual({
      base: `1${'0'.repeat(29)}.00`,
      igv: `18${'0'.repeat(27)}.00`,
      total: `118${'0'.repeat(27)}.00`,
    });
  });
});
