import { describe, expect, it } from 'vitest';
import { ValidationError, type DocumentCreateParams } from '../../src/index.js';
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
    ['a NaN quantity', { ...validCreate(), items: [{ description: 'x', quantity: Number.NaN, unitPrice: 1, igv: 0 }] }, 'items.0.quantity: quantity must be a finite number'],
    ['a zero quantity', { ...validCreate(), items: [{ description: 'x', quantity: 0, unitPrice: 1, igv: 0 }] }, 'items.0.quantity: must be greater than 0'],
    ['a 10-digit RUC', { ...validCreate(), customer: { documentType: '6', documentNumber: '2013131295', name: 'A' } }, 'customer.documentNumber: a RUC (documentType 6) must be 11 digits'],
    ['a missing igv', { ...validCreate(), items: [{ description: 'x', quantity: 1, unitPrice: 1 }] }, 'items.0.igv: is required'],
    ['a missing customer', { ...validCreate(), customer: undefined }, 'customer: is required'],
    ['a credit note without reference', { ...validCreate(), type: '07' }, 'reference: is required for notas de crédito (07) and débito (08)'],
    ['a debit note with a credit-note-only reason', { ...validCreate(), type: '08', reference: { documentId: 'doc_0', reason: '13', description: 'x' } }, 'reference.reason: a nota de débito takes a catálogo 10 reason: 01, 02, 03, 11, 12'],
    ['a bad issue date', { ...validCreate(), issueDate: '21/11/2026' }, 'issueDate: must be a date YYYY-MM-DD'],
    ['an identity type of another shape', { ...validCreate(), customer: { documentType: 'RUC', documentNumber: '20131312955', name: 'A' } }, 'customer.documentType: must be a catálogo 06 code such as 6 (RUC) or 1 (DNI)'],
    ['an IGV affectation of another shape', { ...validCreate(), items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: 0, igvAffectation: '1' }] }, 'items.0.igvAffectation: must be a catálogo 07 code such as 10 (gravado)'],
    ['a unit of another shape', { ...validCreate(), items: [{ description: 'x', quantity: 1, unitPrice: 1, igv: 0, unitCode: 'unidad' }] }, 'items.0.unitCode: must be a catálogo 03 code such as NIU or ZZ'],
    ['a note reason of another shape', { ...validCreate(), type: '07', reference: { documentId: 'doc_0', reason: '1', description: 'x' } }, 'reference.reason: must be a catálogo 09 or 10 code such as 01'],
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
