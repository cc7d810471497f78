import { describe, expect, it } from 'vitest';
import { ValidationError, type DocumentCreateParams, type ExternalDocumentReference } from '../../src/index.js';
import * as z from 'zod/mini';
import { validate } from '../../src/core/validate.js';
import { makeClient, respond, validCreate } from '../helpers.js';

/** Calls create with `body` and returns the ValidationError's issues, asserting nothing was sent. */
async function issuesOf(body: unknown) {
  const seen = respond('all', '/v1/documents', () => new Response('{}'));
  let error: unknown;
  try {
    await makeClient().documents.create(body as DocumentCreateParams);
  } catch (e) {
    error = e;
  }
  expect(seen).toHaveLength(0);
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).name).toBe('ValidationError');
  return (error as ValidationError).issues.map((i) => `${i.path}: ${i.message}`);
}

describe('request validation', () => {
  it.each([
    ['a missing type', { ...validCreate(), type: undefined }, 'type: is required'],
    ['an unknown type', { ...validCreate(), type: '99' }, 'type: must be one of "01", "03", "07", "08"'],
    ['a series of the wrong shape', { ...validCreate(), series: 'F1' }, 'series: must be an uppercase letter followed by three digits, e.g. F001'],
    ['no items', { ...validCreate(), items: [] }, 'items: must have at least one item'],
    ['a string igv', { ...validCreate(), items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: '0.18' }] }, 'items.0.igv: igv must be a finite number'],
    [
      'a NaN quantity',
      { ...validCreate(), items: [{ description: 'x', quantity: Number.NaN, unitPrice: 1, igv: 0 }] },
      'items.0.quantity: quantity must be a finite number',
    ],
    ['a zero quantity', { ...validCreate(), items: [{ description: 'x', quantity: 0, unitPrice: 1, igv: 0 }] }, 'items.0.quantity: must be greater than 0'],
    [
      'a 10-digit RUC',
      { ...validCreate(), customer: { documentType: '6', documentNumber: '2013131295', name: 'A' } },
      'customer.documentNumber: a RUC (documentType 6) must be 11 digits',
    ],
    ['a missing igv', { ...validCreate(), items: [{ description: 'x', quantity: 1, unitPrice: 1 }] }, 'items.0.igv: is required'],
    ['a missing customer', { ...validCreate(), customer: undefined }, 'customer: is required'],
    ['a credit note without reference', { ...validCreate(), type: '07' }, 'reference: is required for notas de crédito (07) and débito (08)'],
    [
      'a debit note with a credit-note-only reason',
      { ...validCreate(), type: '08', reference: { documentId: 'doc_0', reason: '13', description: 'x' } },
      'reference.reason: a nota de débito takes a catálogo 10 reason: 01, 02, 03, 11, 12',
    ],
    ['a bad issue date', { ...validCreate(), issueDate: '21/11/2026' }, 'issueDate: must be a date YYYY-MM-DD'],
    [
      'an identity type of another shape',
      { ...validCreate(), customer: { documentType: 'RUC', documentNumber: '20131312955', name: 'A' } },
      'customer.documentType: must be a catálogo 06 code such as 6 (RUC) or 1 (DNI)',
    ],
    [
      'an IGV affectation of another shape',
      { ...validCreate(), items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: 0, igvAffectation: '1' }] },
      'items.0.igvAffectation: must be a catálogo 07 code such as 10 (gravado)',
    ],
    [
      'a unit of another shape',
      { ...validCreate(), items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: 0, unitCode: 'unidad' }] },
      'items.0.unitCode: must be a catálogo 03 code such as NIU or ZZ',
    ],
    [
      'a note reason of another shape',
      { ...validCreate(), type: '07', reference: { documentId: 'doc_0', reason: '1', description: 'x' } },
      'reference.reason: must be a catálogo 09 or 10 code such as 01',
    ],
  ])('%s is refused locally, naming the field', async (_, body, expected) => {
    expect(await issuesOf(body)).toContain(expected);
  });

  it('catalog codes this SDK does not know yet pass when they have the shape of their catalog, and are sent as given', async () => {
    const seen = respond('post', '/v1/documents', () => Response.json({ id: 'doc_1' }, { status: 201 }));
    const body: DocumentCreateParams = {
      ...validCreate(),
      type: '08',
      customer: { documentType: 'H', documentNumber: 'X-1', name: 'A' },
      items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: 0, igvAffectation: '50', unitCode: 'XYZ' }],
      reference: { documentId: 'doc_0', reason: '14', description: 'Nuevo motivo' },
    };
    await makeClient().documents.create(body);
    expect(seen.map((request) => JSON.parse(request.body))).toEqual([body]);
  });

  it('a body that is not an object is refused', async () => {
    expect(await issuesOf('factura')).toEqual([': must be an object']);
  });

  it('the message names every failing path', async () => {
    await expect(makeClient().documents.create({ ...validCreate(), series: 'x', items: [] })).rejects.toThrow(
      'Invalid documents.create body: series: must be an uppercase letter followed by three digits, e.g. F001; items: must have at least one item',
    );
  });

  it('checks the body and the filters as the code right after the call leaves them, on the first call and on later ones: a field broken there is refused, nothing sent', async () => {
    const created = respond('post', '/v1/documents', () => Response.json({ id: 'doc_1' }, { status: 201 }));
    const listed = respond('get', '/v1/customers', () => Response.json({ object: 'list', data: [], hasMore: false, nextCursor: null }));
    const client = makeClient({ maxRetries: 0 });
    for (const call of ['first', 'later']) {
      const body = validCreate();
      const creating = client.documents.create(body);
      body.series = 'f001';
      await expect(creating, `${call} create`).rejects.toThrow('series: must be an uppercase letter followed by three digits');
      const filters = { limit: 10 };
      const listing = client.customers.list(filters);
      filters.limit = 0;
      await expect(listing.withResponse(), `${call} list`).rejects.toBeInstanceOf(ValidationError);
    }
    expect(created).toHaveLength(0);
    expect(listed).toHaveLength(0);
    // A field filled in right after the call is sent, checked.
    const body = { ...validCreate(), series: 'f001' };
    const creating = client.documents.create(body);
    body.series = 'F001';
    await creating;
    expect(created.map((request) => JSON.parse(request.body).series)).toEqual(['F001']);
  });

  it('a valid body with unknown fields and a credit note reference passes', async () => {
    const seen = respond('post', '/v1/documents', () => Response.json({ id: 'doc_1' }, { status: 201 }));
    await makeClient().documents.create({
      ...validCreate(),
      type: '07',
      reference: { documentId: 'doc_0', reason: '01', description: 'Anulación' },
      // @ts-expect-error a field this SDK does not know: it does not compile, and at run time it is still sent
      items: [{ description: 'x', quantity: 700, unitPrice: 1.102, igv: 138.85, igvAffectation: '10', unitCode: 'NIU', discount: 3 }],
    });
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body).items[0].discount).toBe(3);
  });

  it('other methods validate too: email addresses, void reason, pdf format, list limit', async () => {
    const client = makeClient();
    await expect(client.documents.email('doc_1', { to: [] })).rejects.toThrow('to: must have at least one address');
    await expect(client.documents.email('doc_1', { to: ['not-an-email'] })).rejects.toThrow('to.0: must be an email address');
    await expect(client.documents.void('doc_1', { reason: '' })).rejects.toThrow('reason: must not be empty');
    await expect(client.documents.pdf('doc_1', { format: 'a5' as 'a4' })).rejects.toThrow('format: must be one of "a4", "ticket"');
    await expect(client.documents.list({ limit: 500 })).rejects.toThrow('limit: must be at most 100');
  });
});

/** A factura using every field of the contract, each valid. */
const everyField = (): DocumentCreateParams => ({
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', address: 'Av. Garcilaso de la Vega 1472', email: 'pagos@acme.pe' },
  items: [
    {
      description: 'Servicio de consultoría',
      quantity: 2,
      unitPrice: 100,
      igv: 34.2,
      code: 'SRV-01',
      sunatProductCode: '80111600',
      unitCode: 'ZZ',
      igvAffectation: '10',
      discounts: [{ code: '00', amount: 10, base: 200 }],
      charges: [{ code: '48', amount: 5 }],
    },
    { description: 'Bolsa plástica', quantity: 2, unitPrice: 0.0847457627, igv: 0.03, icbper: 1 },
    { description: 'Muestra gratuita', quantity: 1, unitPrice: 0, igv: 1.8, igvAffectation: '15', referenceValue: 10 },
  ],
  currency: 'USD',
  issueDate: '2026-11-21',
  dueDate: '2026-12-21',
  operationType: '1001',
  paymentTerms: {
    type: 'credit',
    installments: [
      { amount: 100.13, dueDate: '2026-12-21' },
      { amount: 99.5, dueDate: '2027-01-20' },
    ],
  },
  detraction: { code: '037', rate: 0.12, account: '00-011-123456', paymentMethod: '001', amount: 93.35 },
  retention: { rate: 0.03, base: 236, amount: 7.08 },
  exchangeRate: 3.752,
  discounts: [{ code: '03', amount: 5 }],
  charges: [{ code: '46', amount: 2.5, base: 25 }],
  despatches: [{ type: '09', fullNumber: 'T001-845' }],
  relatedDocuments: [{ type: '99', number: 'CONTRATO-2026-017' }],
  purchaseOrder: 'OC-2026-0815',
  legends: [{ code: '2001', text: 'BIENES TRANSFERIDOS EN LA AMAZONÍA REGIÓN SELVA PARA SER CONSUMIDOS EN LA MISMA' }],
  rounding: -0.02,
  metadata: { pedido: 'PED-42' },
});

const external = (fullNumber: string): ExternalDocumentReference => ({ type: '01', fullNumber, issueDate: '2026-10-15', reason: '07', description: 'Devolución' });

describe('the fields of a real document', () => {
  it('a factura using every field of the contract passes and is sent exactly as given', async () => {
    const seen = respond('post', '/v1/documents', () => Response.json({ id: 'doc_1' }, { status: 201 }));
    const body = everyField();
    await makeClient().documents.create(body);
    expect(seen.map((request) => JSON.parse(request.body))).toEqual([body]);
  });

  it.each([
    ['a due date before the issue date', { dueDate: '2026-11-20' }, 'dueDate: must not be before issueDate'],
    [
      'an installment of 0',
      { paymentTerms: { type: 'credit', installments: [{ amount: 0, dueDate: '2026-12-21' }] } },
      'paymentTerms.installments.0.amount: must be greater than 0',
    ],
    [
      'an installment with 3 decimals',
      { paymentTerms: { type: 'credit', installments: [{ amount: 100.125, dueDate: '2026-12-21' }] } },
      'paymentTerms.installments.0.amount: must have at most 2 decimals',
    ],
    ['an installment without its due date', { paymentTerms: { type: 'credit', installments: [{ amount: 100 }] } }, 'paymentTerms.installments.0.dueDate: is required'],
    ['payment terms of another kind', { paymentTerms: { type: 'contado' } }, "paymentTerms.type: must be 'cash' or 'credit'"],
    ['a purchase order of 21 characters', { purchaseOrder: 'OC-2026-0815-ABCDEFGH' }, 'purchaseOrder: must be at most 20 characters'],
    ['an empty purchase order', { purchaseOrder: '' }, 'purchaseOrder: must not be empty'],
    ['a legend code of another shape', { legends: [{ code: '20', text: 'x' }] }, 'legends.0.code: must be a catálogo 52 code of 4 digits such as 2001'],
    ['an IGV of 3 decimals', { items: [{ description: 'x', quantity: 1, unitPrice: 1.25, igv: 0.225 }] }, 'items.0.igv: must have at most 2 decimals'],
    [
      'an IGV computed with a binary float',
      { items: [{ description: 'x', quantity: 51, unitPrice: 1, igv: 51 * 0.18 + 1e-12 }] },
      'items.0.igv: must have at most 2 decimals',
    ],
    [
      'a unit price of 11 decimals',
      { items: [{ description: 'x', quantity: 1, unitPrice: 21.18644067801, igv: 3.81 }] },
      'items.0.unitPrice: must have at most 10 decimals',
    ],
    ['an ICBPER of 3 decimals', { items: [{ description: 'Bolsa', quantity: 1, unitPrice: 0, igv: 0, icbper: 0.505 }] }, 'items.0.icbper: must have at most 2 decimals'],
    [
      'a SUNAT product code of 7 digits',
      { items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: 0.18, sunatProductCode: '8011160' }] },
      'items.0.sunatProductCode: must be a catálogo 25 code of 8 digits',
    ],
    [
      'a product code of 31 characters',
      { items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: 0.18, code: 'C'.repeat(31) }] },
      'items.0.code: must be at most 30 characters',
    ],
    [
      'a negative reference value',
      { items: [{ description: 'x', quantity: 1, unitPrice: 0, igv: 0, igvAffectation: '21', referenceValue: -1 }] },
      'items.0.referenceValue: must not be negative',
    ],
    [
      'a global discount code on a line',
      { items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: 0.18, discounts: [{ code: '02', amount: 1 }] }] },
      'items.0.discounts.0.code: must be one of 00, 01 here',
    ],
    ['a line charge code on the document', { charges: [{ code: '47', amount: 1 }] }, 'charges.0.code: must be one of 45, 46, 49, 50 here'],
    ['a discount of 0', { discounts: [{ code: '02', amount: 0 }] }, 'discounts.0.amount: must be greater than 0'],
    [
      'a detracción rate given as a percentage',
      { detraction: { code: '037', rate: 12, account: '00-011-123456' } },
      'detraction.rate: must be a fraction from 0 to 1, e.g. 0.12',
    ],
    [
      'a detracción code of another shape',
      { detraction: { code: '37', rate: 0.12, account: '00-011-123456' } },
      'detraction.code: must be a catálogo 54 code of 3 digits such as 037',
    ],
    ['a percepción of another regime', { perception: { code: '54' } }, 'perception.code: must be one of 51, 52, 53'],
    ['an exchange rate of 4 decimals', { exchangeRate: 3.7521 }, 'exchangeRate: must have at most 3 decimals'],
    ['an exchange rate of 0', { exchangeRate: 0 }, 'exchangeRate: must be greater than 0'],
    ['an operation type of another shape', { operationType: '101' }, 'operationType: must be a catálogo 51 code of 4 digits such as 0101'],
    ['a guía of another type', { despatches: [{ type: '01', fullNumber: 'T001-845' }] }, 'despatches.0.type: must be 09 or 31'],
    [
      'a related document number of 31 characters',
      { relatedDocuments: [{ type: '99', number: 'N'.repeat(31) }] },
      'relatedDocuments.0.number: must be at most 30 characters',
    ],
  ])('%s is refused locally, naming the field', async (_, change, expected) => {
    expect(await issuesOf({ ...validCreate(), issueDate: '2026-11-21', ...change })).toContain(expected);
  });

  it('a quantity of 10 decimals passes even when JavaScript prints it with an exponent; 11 do not', async () => {
    const seen = respond('post', '/v1/documents', () => Response.json({ id: 'doc_1' }, { status: 201 }));
    const line = (quantity: number) => ({ description: 'Tornillo', quantity, unitPrice: 1, igv: 0 });
    await makeClient().documents.create({ ...validCreate(), items: [line(1.5e-9), line(0.0000001)] });
    expect(JSON.parse(seen[0]!.body).items.map((item: { quantity: number }) => item.quantity)).toEqual([1.5e-9, 1e-7]);
    expect(await issuesOf({ ...validCreate(), items: [line(1.5e-10)] })).toEqual(['items.0.quantity: must have at most 10 decimals']);
  });

  it.each(['FF14-2', 'F001-123', 'B001-99999999', 'BA01-7', '0001-5'])("a nota's reference to %s, issued elsewhere, passes", async (fullNumber) => {
    const seen = respond('post', '/v1/documents', () => Response.json({ id: 'doc_1' }, { status: 201 }));
    await makeClient().documents.create({ ...validCreate(), type: '07', reference: external(fullNumber) });
    expect(JSON.parse(seen[0]!.body).reference).toEqual(external(fullNumber));
  });

  it.each([
    ['a series of another letter', 'X001-1'],
    ['a series of 3 characters', 'F01-1'],
    ['a number of 9 digits', 'F001-123456789'],
    ['a number with zero padding', 'F001-00000123'],
    ['no number', 'F001'],
  ])("a nota's reference with %s is refused", async (_, fullNumber) => {
    expect(await issuesOf({ ...validCreate(), type: '07', reference: external(fullNumber) })).toContain(
      'reference.fullNumber: must be a series (F or B and 3 letters or digits, or 4 digits), a dash and a number, e.g. FF14-2',
    );
  });

  it("a nota's reference in both forms at once, or in neither, is refused", async () => {
    const either =
      'reference: must be { documentId, reason, description } for a document issued here, or { type, fullNumber, issueDate, reason, description } for one issued elsewhere';
    expect(await issuesOf({ ...validCreate(), type: '07', reference: { ...external('FF14-2'), documentId: 'doc_1' } })).toEqual([either]);
    expect(await issuesOf({ ...validCreate(), type: '07', reference: { reason: '07', description: 'x' } })).toEqual([either]);
    expect(await issuesOf({ ...validCreate(), type: '08', reference: { ...external('FF14-2'), type: '07' } })).toContain(
      'reference.type: must be 01 (factura) or 03 (boleta)',
    );
  });
});

describe('the words of a failed check: zod/mini ships no locale, so the SDK words each kind of issue', () => {
  /** The message of the one issue `value` raises against `schema`. */
  const wordsFor = (schema: z.ZodMiniType, value: unknown) => {
    try {
      validate(schema, value, 'op');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).issues.map((issue) => issue.message);
    }
    throw new Error('expected the check to fail');
  };

  it.each([
    ['a missing value', z.string(), undefined, 'is required'],
    ['a type, with its article', z.string(), 1, 'must be a string'],
    ['a type starting with a vowel', z.array(z.string()), 'x', 'must be an array'],
    ['a whole number', z.int(), 1.5, 'must be an integer'],
    ['a value of an enum', z.enum(['a', 'b']), 'c', 'must be one of "a", "b"'],
    ['too few items', z.array(z.string()).check(z.minLength(2)), ['x'], 'must have at least 2 items'],
    ['too many characters', z.string().check(z.maxLength(3)), 'abcd', 'must be at most 3 characters'],
    ['too few characters', z.string().check(z.minLength(2)), 'a', 'must be at least 2 characters'],
    ['a number below an inclusive bound', z.number().check(z.gte(1)), 0, 'must be at least 1'],
    ['a number above an inclusive bound', z.number().check(z.lte(9)), 10, 'must be at most 9'],
    ['a number at an exclusive lower bound', z.number().check(z.gt(0)), 0, 'must be greater than 0'],
    ['a number at an exclusive upper bound', z.number().check(z.lt(5)), 5, 'must be less than 5'],
    ['a check of its own without words', z.string().check(z.refine(() => false)), 'x', 'is invalid'],
    ['a check of its own with words', z.string().check(z.refine(() => false, 'must be lowercase')), 'X', 'must be lowercase'],
  ])('%s', (_, schema, value, words) => {
    expect(wordsFor(schema, value)).toEqual([words]);
  });

  it('a value that passes raises nothing', () => {
    expect(() => validate(z.looseObject({ a: z.string() }), { a: 'x', extra: 1 }, 'op')).not.toThrow();
  });
});
