/**
 * Advances (anticipos, issue 31): the advance's own factura, and the final factura that deducts it
 * (`advances`): its allowance `04` lowers the taxed base and the IGV but not the valor de venta nor
 * the precio de venta, `PrepaidAmount` comes off what the customer pays, and the UBL carries the
 * payment (`cac:PrepaidPayment`) and its document (`cac:AdditionalDocumentReference` 02/03) named
 * by one identifier. The workaround (a related document 02 with a discount 03) is refused with
 * 3216. Every amount is worked by hand from SUNAT's formulas (sunat.md, "Documents in full").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, type DocumentCreateParams, UnprocessableEntityError, ValidationError } from '../../src/index.js';
import { checkDocument, computeDocument, documentObservations } from '../../src/sunat/index.js';
import { createMockSandbox, MOCK_API_KEY } from '../../src/testing/index.js';
import { boleta, factura, item, ruc } from '../document-bodies.js';
import { handlersFetch } from '../handlers-fetch.js';
import { makeClient } from '../helpers.js';
import { ISSUE_DATE, scenario, scenarioXml } from '../ubl-scenarios.js';
import { readXml } from './read-xml.js';

let client: Client;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${ISSUE_DATE}T17:00:00Z`));
  client = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(createMockSandbox().handlers), maxRetries: 0 });
});
afterEach(() => vi.useRealTimers());

/** The delivery of 10 laptops (10 × 1 000.00 + IGV 1 800.00) deducting `advances`. */
const delivery = (advances: DocumentCreateParams['advances']) => factura({ items: [item(10, 1000, 1800, { description: 'Laptop 14"' })], advances });
/** The error `call` rejects with, `undefined` when it resolves. */
const rejection = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => undefined,
    (e: unknown) => e,
  );
const codes = (body: DocumentCreateParams) => checkDocument(body, { igvRate: 0.18, today: ISSUE_DATE }).map((issue) => [issue.code, issue.path.join('.')]);

describe('the final factura that deducts an advance', () => {
  it('deducts 4 000.00 (4 720.00 ÷ 1.18) from the taxed base: taxable 6 000.00, IGV 1 080.00, payable 11 800.00 − 4 720.00 = 7 080.00', () => {
    const { totals } = computeDocument(delivery([{ type: '02', fullNumber: 'F001-16', amount: 4720 }]), { igvRate: 0.18 });
    expect(totals).toMatchObject({ taxable: '6000.00', igv: '1080.00', lineExtension: '10000.00', taxInclusive: '11800.00', prepaid: '4720.00', total: '7080.00' });
    // The value is the amount ÷ (1 + rate), half up: 100.00 ÷ 1.18 = 84.745… → 84.75; IGV (1 000.00 − 84.75) × 18% = 164.745 → 164.75 of the line's 180.00 less 15.26.
    const small = computeDocument(factura({ items: [item(1, 1000, 180)], advances: [{ type: '02', fullNumber: 'F001-3', amount: 100 }] }), { igvRate: 0.18 });
    expect(small.totals).toMatchObject({ taxable: '915.25', igv: '164.75', taxInclusive: '1180.00', prepaid: '100.00', total: '1080.00' });
  });

  it('a final factura that deducts everything pays 0.00, and its legend says so', () => {
    const { totals, legends } = computeDocument(scenario('anticipo: a final factura that deducts everything pays 0.00').body, { igvRate: 0.18 });
    expect(totals).toMatchObject({ taxable: '0.00', igv: '0.00', lineExtension: '4000.00', taxInclusive: '4720.00', prepaid: '4720.00', total: '0.00' });
    expect(legends[0]).toEqual({ code: '1000', text: 'SON CERO CON 00/100 SOLES' });
  });

  it('adds up several advances, on a boleta too: 2 × 1 180.00 of 1 000.00 each from 5 900.00', () => {
    const body = boleta({
      items: [item(1, 5000, 900)],
      advances: [
        { type: '03', fullNumber: 'B001-7', amount: 1180 },
        { type: '03', fullNumber: 'B001-9', amount: 1180.01, value: 1000 },
      ],
    });
    expect(computeDocument(body, { igvRate: 0.18 }).totals).toMatchObject({ taxable: '3000.00', igv: '540.00', prepaid: '2360.01', total: '3539.99' });
  });

  it('renders the payment, its document and its allowance 04 named by one identifier, and PrepaidAmount', () => {
    const x = readXml(scenarioXml(scenario('anticipo: the final factura that deducts it')));
    expect(x.one('/inv:Invoice/cac:AdditionalDocumentReference/cbc:ID')).toBe('F001-16');
    expect(x.one('/inv:Invoice/cac:AdditionalDocumentReference/cbc:DocumentTypeCode')).toBe('02');
    expect(x.one('/inv:Invoice/cac:AdditionalDocumentReference/cbc:DocumentStatusCode')).toBe('1');
    expect(x.one('/inv:Invoice/cac:AdditionalDocumentReference/cac:IssuerParty/cac:PartyIdentification/cbc:ID')).toBe('20000000001');
    expect(x.one('/inv:Invoice/cac:PrepaidPayment/cbc:ID')).toBe('1');
    expect(x.one('/inv:Invoice/cac:PrepaidPayment/cbc:PaidAmount')).toBe('4720.00');
    expect(x.texts('/inv:Invoice/cac:AllowanceCharge/*').join(' ')).toBe('false 04 0.40000 4000.00 10000.00');
    expect(x.texts('/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal/cbc:*').join(' ')).toBe('6000.00 1080.00');
    expect(x.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PrepaidAmount')).toBe('4720.00');
    expect(x.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('7080.00');
    // A document without advances carries none of it.
    expect(readXml(scenarioXml(scenario('cash factura'))).texts('//cac:PrepaidPayment | //cbc:PrepaidAmount')).toEqual([]);
  });

  it('the sandbox issues the pair and answers the final one with its totals and its advances', async () => {
    const advance = await client.documents.create(factura({ items: [item(1, 4000, 720, { description: 'Anticipo del 40%' })] }));
    const final = await client.documents.create(delivery([{ type: '02', fullNumber: advance.fullNumber, amount: advance.totals.total }]));
    expect(final.totals).toMatchObject({ taxable: 6000, igv: 1080, taxInclusive: 11800, prepaid: 4720, total: 7080 });
    expect(final.advances).toEqual([{ type: '02', fullNumber: 'F001-1', amount: 4720 }]);
    expect((await client.documents.retrieve(final.id)).signedXml).toBe(final.signedXml);
    expect(advance.totals.prepaid).toBeUndefined();
  });

  it("checks an advance of a series issued here as SUNAT's back end does: its document exists (3218) and was accepted (3219)", async () => {
    const sandbox = createMockSandbox({ outcome: (params) => (params.items[0]!.description === 'Rechazado' ? 'rejected' : 'accepted') });
    client = makeClient({ apiKey: MOCK_API_KEY, fetch: handlersFetch(sandbox.handlers), maxRetries: 0 });
    await client.documents.create(factura()); // F001-1, accepted
    await client.documents.create(factura({ items: [item(2, 100, 36, { description: 'Rechazado' })] })); // F001-2, rejected
    const refused = async (fullNumber: string) => {
      const error: unknown = await rejection(client.documents.create(delivery([{ type: '02', fullNumber, amount: 236 }])));
      return (error as UnprocessableEntityError).errors.map((issue) => [
        issue.code,
        issue.path,
        issue.message,
        (issue as { sunatDescription?: string }).sunatDescription,
      ]);
    };
    expect(await refused('F001-3')).toEqual([
      [
        'sunat_3218',
        'advances.0.fullNumber',
        "the advance's document F001-3 was not issued: its series has not reached that number",
        'El comprobante que se realizo el anticipo no existe',
      ],
    ]);
    expect(await refused('F001-2')).toEqual([
      [
        'sunat_3219',
        'advances.0.fullNumber',
        "the advance's document F001-2 is rejected: SUNAT deducts an advance whose document it accepted",
        'El comprobante que se realizo el anticipo no se encuentra autorizado',
      ],
    ]);
    // F001-1 was accepted: 11 800.00 − 236.00 = 11 564.00 (taxable 9 800.00, IGV 1 764.00); FF14-9, of a series not issued here, was issued elsewhere.
    expect((await client.documents.create(delivery([{ type: '02', fullNumber: 'F001-1', amount: 236 }]))).totals.total).toBe(11564);
    expect((await client.documents.create(delivery([{ type: '02', fullNumber: 'FF14-9', amount: 236 }]))).fullNumber).toBe('F001-4');
  });
});

describe('an advance of an exonerated or unaffected sale (allowances 05 and 06)', () => {
  /** A bookshop's order: 10 books at 50.00, exonerated (20), and a taxed bookmark 100.00 + IGV 18.00. */
  const books = (advances: DocumentCreateParams['advances']) =>
    factura({ items: [item(10, 50, 0, { description: 'Libro', igvAffectation: '20' }), item(1, 100, 18, { description: 'Separador' })], advances });

  it('deducts an exonerated advance of 200.00 from the exonerated total, not from the taxed base nor its IGV', () => {
    const { totals } = computeDocument(books([{ type: '02', fullNumber: 'F001-20', amount: 200, igvAffectation: '20' }]), { igvRate: 0.18 });
    // exempt 500.00 − 200.00 = 300.00; taxable 100.00 and IGV 18.00 untouched; valor de venta 600.00 and precio de venta 618.00 whole (3278, 3279); payable 618.00 − 200.00.
    expect(totals).toMatchObject({
      exempt: '300.00',
      taxable: '100.00',
      igv: '18.00',
      lineExtension: '600.00',
      taxInclusive: '618.00',
      prepaid: '200.00',
      total: '418.00',
    });
  });

  it('deducts an unaffected advance from the unaffected total, and a final factura that deducts it all pays what is taxed', () => {
    const body = factura({
      items: [item(4, 250, 0, { description: 'Servicio inafecto', igvAffectation: '30' }), item(1, 100, 18)],
      advances: [{ type: '02', fullNumber: 'F001-21', amount: 1000, igvAffectation: '30' }],
    });
    // unaffected 1 000.00 − 1 000.00 = 0.00; payable 1 118.00 − 1 000.00 = 118.00.
    expect(computeDocument(body, { igvRate: 0.18 }).totals).toMatchObject({
      unaffected: '0.00',
      taxable: '100.00',
      igv: '18.00',
      taxInclusive: '1118.00',
      prepaid: '1000.00',
      total: '118.00',
    });
  });

  it('renders the allowances 05 and 06 on their own bases, beside a 04, and the 9997 and 9998 subtotals after them', () => {
    const x = readXml(scenarioXml(scenario('anticipo: exonerated and unaffected advances (allowances 05 and 06)')));
    // 200.00 of 500.00 = 0.40000; 250.00 of 1 000.00 = 0.25000; 4 000.00 of 10 000.00 = 0.40000.
    expect(x.texts('/inv:Invoice/cac:AllowanceCharge/*').join(' ')).toBe(
      'false 05 0.40000 200.00 500.00 false 06 0.25000 250.00 1000.00 false 04 0.40000 4000.00 10000.00',
    );
    // IGV 6 000.00 × 18% = 1 080.00 on the taxed base; exonerated 300.00; unaffected 750.00.
    expect(x.texts('/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount').join(' ')).toBe('6000.00 300.00 750.00');
    // valor de venta 11 500.00 and precio de venta 11 500.00 + 1 800.00 = 13 300.00 keep the whole sale; payable 13 300.00 − 5 170.00 = 8 130.00.
    expect(x.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:LineExtensionAmount')).toBe('11500.00');
    expect(x.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe('13300.00');
    expect(x.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PrepaidAmount')).toBe('5170.00');
    expect(x.one('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('8130.00');
  });

  it('refuses an exonerated advance past the exonerated lines (3275) and an unaffected one past the unaffected lines (3274), nothing sent', async () => {
    expect(codes(books([{ type: '02', fullNumber: 'F001-20', amount: 500, igvAffectation: '20' }]))).toEqual([]);
    expect(codes(books([{ type: '02', fullNumber: 'F001-20', amount: 500.01, igvAffectation: '20' }]))).toEqual([['sunat_3275', 'advances']]);
    // The bookshop sells nothing unaffected: any unaffected advance is past its 0.00.
    expect(codes(books([{ type: '02', fullNumber: 'F001-21', amount: 10, igvAffectation: '30' }]))).toEqual([['sunat_3274', 'advances']]);
    const error: unknown = await rejection(client.documents.create(books([{ type: '02', fullNumber: 'F001-20', amount: 600, igvAffectation: '20' }])));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).errors).toEqual([
      {
        path: 'advances',
        code: 'sunat_3275',
        message: 'the advances of exonerated sales deducted (allowance 05) do not exceed the exonerated lines (20) they are deducted from',
        sunatDescription: 'La sumatoria del total valor de venta - operaciones exoneradas de línea no corresponden al total',
      },
    ]);
    expect(await client.documents.list().then((page) => page.data.length)).toBe(0);
  });

  it('takes a value of its own, and only the affectations 10, 20 and 30', async () => {
    // A value given is the allowance as written, even on an exonerated advance.
    const { totals } = computeDocument(books([{ type: '02', fullNumber: 'F001-20', amount: 200, igvAffectation: '20', value: 150 }]), { igvRate: 0.18 });
    expect(totals).toMatchObject({ exempt: '350.00', prepaid: '200.00', total: '418.00' });
    const error: unknown = await rejection(client.documents.create(books([{ type: '02', fullNumber: 'F001-20', amount: 200, igvAffectation: '17' as never }])));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'advances.0.igvAffectation: must be 10 (taxed), 20 (exonerated) or 30 (unaffected)',
    ]);
  });
});

describe("SUNAT's rules of advances", () => {
  it('refuses the workaround, a related document 02 with a discount 03, with 3216 (SUNAT finds no payment for it)', async () => {
    const workaround = factura({ items: [item(10, 1000, 1800)], relatedDocuments: [{ type: '02', number: 'F001-16' }], discounts: [{ code: '03', amount: 4720 }] });
    expect(codes(workaround)).toEqual([['sunat_3216', 'relatedDocuments.0.type']]);
    const error: unknown = await rejection(client.documents.create(workaround));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).errors).toEqual([
      {
        path: 'relatedDocuments.0.type',
        code: 'sunat_3216',
        message:
          'a related document of type 02 is an advance (anticipo): SUNAT refuses it without its payment; list it in advances, with the amount it paid, and the service deducts it (allowance 04, PrepaidPayment)',
        sunatDescription: 'Falta identificador del pago del comprobante para relacionarlo con el monto de  anticipo',
      },
    ]);
    expect(codes(factura({ relatedDocuments: [{ type: '03', number: 'B001-1' }] }))).toEqual([['sunat_3216', 'relatedDocuments.0.type']]);
    expect(codes(factura({ relatedDocuments: [{ type: '99', number: 'CONTRATO-1' }] }))).toEqual([]);
  });

  it('refuses two advances of the same amount (3212), an advance factura not of an F series (2521), and advances past the taxed base (3277)', () => {
    const twice = delivery([
      { type: '02', fullNumber: 'F001-16', amount: 1180 },
      { type: '02', fullNumber: 'F001-17', amount: 1180 },
    ]);
    expect(codes(twice)).toEqual([['sunat_3212', 'advances.1.amount']]);
    expect(codes(delivery([{ type: '02', fullNumber: 'B001-16', amount: 1180 }]))).toEqual([['sunat_2521', 'advances.0.fullNumber']]);
    expect(codes(delivery([{ type: '02', fullNumber: '0001-16', amount: 1180 }]))).toEqual([]); // a contingency series
    // 11 800.00 ÷ 1.18 = 10 000.00 is the whole base; a cent more is past it.
    expect(codes(delivery([{ type: '02', fullNumber: 'F001-16', amount: 11800 }]))).toEqual([]);
    expect(codes(delivery([{ type: '02', fullNumber: 'F001-16', amount: 11800, value: 10000.01 }]))).toEqual([['sunat_3277', 'advances']]);
  });

  it('observes an advance boleta (03) whose number is not of a B series, as SUNAT does (2521 is only an observation there)', () => {
    const body = boleta({ items: [item(1, 5000, 900)], advances: [{ type: '03', fullNumber: 'F001-7', amount: 1180 }] });
    expect(checkDocument(body, { igvRate: 0.18, today: ISSUE_DATE })).toEqual([]);
    expect(documentObservations(body, { today: ISSUE_DATE }).map((o) => [o.code, o.path.join('.')])).toEqual([['2521', 'advances.0.fullNumber']]);
  });

  it('the schema takes advances on facturas and boletas only, each of type 02 or 03 with an amount above 0', async () => {
    const issues = async (body: DocumentCreateParams) => {
      const error: unknown = await rejection(client.documents.create(body));
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).issues.map((issue) => `${issue.path}: ${issue.message}`);
    };
    const nota = factura({ type: '07', reference: { type: '01', fullNumber: 'F001-2', issueDate: ISSUE_DATE, reason: '01', description: 'Anulación' } });
    expect(await issues({ ...nota, customer: ruc, advances: [{ type: '02', fullNumber: 'F001-1', amount: 118 }] })).toEqual([
      'advances: are deducted by a final factura (01) or boleta (03), not by a nota: a nota de crédito credits the final document',
    ]);
    expect(await issues(delivery([{ type: '01' as never, fullNumber: 'F001-1', amount: 0 }]))).toEqual([
      "advances.0.type: must be 02 (the advance's factura) or 03 (its boleta)",
      'advances.0.amount: must be greater than 0',
    ]);
  });
});
