import { describe, expect, expectTypeOf, it } from 'vitest';
import { Client } from '../../src/index.js';
import type {
  APIKeyCreateParams,
  Customer,
  Despatch,
  Detraction,
  Document,
  DocumentCreateParams,
  DocumentsResource,
  DocumentTotals,
  Event,
  Installment,
  Legend,
  NoteReference,
  PaymentTerms,
  DocumentListParams,
  DocumentStatus,
  EventListParams,
  Item,
  Summary,
  Voiding,
  PerceptionReceipt,
  RetentionReceipt,
  WebhookEndpointCreateParams,
} from '../../src/index.js';
import type { Closed } from '../../src/models/shared.js';
import type { DocumentTypeCode, IdentityDocumentTypeCode, IgvAffectationCode, UnitCode } from '../../src/sunat/index.js';

describe('parameter types', () => {
  it('open enums keep their known values and refuse non-strings, in inputs as in outputs', () => {
    expectTypeOf<DocumentListParams['status']>().toEqualTypeOf<DocumentStatus | undefined>();
    expectTypeOf<'accepted'>().toExtend<NonNullable<DocumentListParams['status']>>();
    expectTypeOf<12345>().not.toExtend<NonNullable<DocumentListParams['status']>>();
    expectTypeOf<[42]>().not.toExtend<NonNullable<APIKeyCreateParams['permissions']>>();
    expectTypeOf<['documents:write']>().toExtend<NonNullable<APIKeyCreateParams['permissions']>>();
    expectTypeOf<[false]>().not.toExtend<NonNullable<WebhookEndpointCreateParams['events']>>();
    expectTypeOf<{ type: 7 }>().not.toExtend<EventListParams>();
  });
});

describe('catalog types in requests', () => {
  type Reference = NonNullable<DocumentCreateParams['reference']>;
  it('where SUNAT may add codes, the known ones autocomplete and any other string passes', () => {
    expectTypeOf<IdentityDocumentTypeCode>().toExtend<DocumentCreateParams['customer']['documentType']>();
    expectTypeOf<'H'>().toExtend<DocumentCreateParams['customer']['documentType']>();
    expectTypeOf<IgvAffectationCode | '50'>().toExtend<NonNullable<Item['igvAffectation']>>();
    expectTypeOf<UnitCode | 'XYZ'>().toExtend<NonNullable<Item['unitCode']>>();
    expectTypeOf<'01' | '13' | '99'>().toExtend<Reference['reason']>();
    expectTypeOf<6>().not.toExtend<DocumentCreateParams['customer']['documentType']>();
  });
  it('where the API fixes the set (document type, currency), nothing else compiles', () => {
    expectTypeOf<DocumentCreateParams['type']>().toEqualTypeOf<DocumentTypeCode>();
    expectTypeOf<'09'>().not.toExtend<DocumentCreateParams['type']>();
    expectTypeOf<NonNullable<DocumentCreateParams['currency']>>().toEqualTypeOf<'PEN' | 'USD'>();
  });
});

describe('closed input types: a misspelt field does not compile', () => {
  const customer = { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' } as const;
  const item = { description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 };

  it('on a line, on the body, and in every nested part', () => {
    const bodies: DocumentCreateParams[] = [
      // @ts-expect-error `igvAfectation` is not `igvAffectation`: a taxed line at IGV 0 never compiles
      { type: '01', series: 'F001', customer, items: [{ ...item, igvAfectation: '20' }] },
      // @ts-expect-error `curency` is not `currency`: never a PEN document by mistake
      { type: '01', series: 'F001', customer, items: [item], curency: 'USD' },
      // @ts-expect-error `instalments` is not `installments`
      { type: '01', series: 'F001', customer, items: [item], paymentTerms: { type: 'credit', instalments: [] } },
      // @ts-expect-error `acount` is not `account`
      { type: '01', series: 'F001', customer, items: [item], detraction: { code: '037', rate: 0.12, acount: '00-011-123456' } },
      // @ts-expect-error `Item` has no `discount`: its discounts are `discounts: Adjustment[]`
      { type: '01', series: 'F001', customer, items: [{ ...item, discount: 3 }] },
    ];
    expect(bodies).toHaveLength(5);
  });

  it("on every other resource's body and filters", () => {
    const client = new Client({ apiKey: 'sk_test_types', environment: 'sandbox' });
    // Declared, never called: each line must fail to compile, and none of them runs.
    const calls = () => [
      // @ts-expect-error `phnoe` is not `phone`: never a customer saved without the number you typed
      client.customers.create({ documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.', phnoe: '+51 1 555 0100' }),
      // @ts-expect-error `emial` is not `email`
      client.customers.update('cus_1', { emial: 'pagos@acme.pe' }),
      // @ts-expect-error `limt` is not `limit`: never a default page size by mistake
      client.customers.list({ limt: 5 }),
      // @ts-expect-error `unitCod` is not `unitCode`
      client.products.create({ code: 'P1', description: 'Café', unitPrice: 10, unitCod: 'KGM' }),
      // @ts-expect-error `activ` is not `active`
      client.series.update('ser_1', { activ: false }),
      // @ts-expect-error `tradname` is not `tradeName`
      client.account.update({ tradname: 'Bodega Lucía' }),
      // @ts-expect-error `permisions` is not `permissions`
      client.apiKeys.create({ name: 'ci', permisions: ['documents:read'] }),
      // @ts-expect-error `event` is not `events`
      client.webhookEndpoints.create({ url: 'https://example.pe/hooks', event: ['document.accepted'] }),
      // @ts-expect-error `documentID` is not `documentId`
      client.events.list({ documentID: 'doc_1' }),
      // @ts-expect-error `actr` is not `actor`
      client.auditLogs.list({ actr: 'key_1' }),
    ];
    expect(calls).toBeTypeOf('function');
  });

  it('a response has the fields it declares, not an index of unknowns', () => {
    expectTypeOf<Customer>().not.toHaveProperty('nmae');
    expectTypeOf<Customer['name']>().toEqualTypeOf<string>();
    expectTypeOf<Event['data']['object']>().toEqualTypeOf<Document | Voiding | Summary | RetentionReceipt | PerceptionReceipt | Despatch>();
  });

  it('a discount or charge takes the codes of where it goes', () => {
    expectTypeOf<NonNullable<Item['discounts']>[number]['code']>().toEqualTypeOf<'00' | '01'>();
    expectTypeOf<NonNullable<Item['charges']>[number]['code']>().toEqualTypeOf<'47' | '48'>();
    expectTypeOf<NonNullable<DocumentCreateParams['discounts']>[number]['code']>().toEqualTypeOf<'02' | '03'>();
    expectTypeOf<NonNullable<DocumentCreateParams['charges']>[number]['code']>().toEqualTypeOf<'45' | '46' | '49' | '50'>();
  });

  it('payment terms are cash, or credit with its installments', () => {
    expectTypeOf<{ type: 'cash' }>().toExtend<PaymentTerms>();
    expectTypeOf<{ type: 'credit'; installments: Installment[] }>().toExtend<PaymentTerms>();
    expectTypeOf<{ type: 'credit' }>().not.toExtend<PaymentTerms>();
    expectTypeOf<{ type: 'contado' }>().not.toExtend<PaymentTerms>();
  });
});

describe("a nota's reference", () => {
  const base = { reason: '07', description: 'Devolución' } as const;
  it('names a document issued here by id, or one issued elsewhere by type, number and date', () => {
    const references: NoteReference[] = [
      { documentId: 'doc_1', ...base },
      { type: '01', fullNumber: 'FF14-2', issueDate: '2026-10-15', ...base },
      { type: '03', fullNumber: 'B001-9', issueDate: '2026-10-15', reason: '01', description: 'Anulación' },
      // @ts-expect-error one form or the other, never both
      { documentId: 'doc_1', type: '01', fullNumber: 'FF14-2', issueDate: '2026-10-15', ...base },
      // @ts-expect-error a nota modifies a factura or a boleta, not another nota
      { type: '07', fullNumber: 'FF14-2', issueDate: '2026-10-15', ...base },
      // @ts-expect-error a document issued elsewhere needs its issue date
      { type: '01', fullNumber: 'FF14-2', ...base },
    ];
    expect(references).toHaveLength(6);
    expectTypeOf<{ documentId: string; reason: string; description: string }>().toExtend<NonNullable<DocumentCreateParams['reference']>>();
  });
});

describe('the response', () => {
  it('carries every total SUNAT declares, each a number', () => {
    expectTypeOf<keyof DocumentTotals>().toEqualTypeOf<
      | 'taxable'
      | 'exempt'
      | 'unaffected'
      | 'export'
      | 'free'
      | 'freeIgv'
      | 'igv'
      | 'iscBase'
      | 'isc'
      | 'ivapBase'
      | 'ivap'
      | 'icbper'
      | 'lineExtension'
      | 'taxInclusive'
      | 'discounts'
      | 'charges'
      | 'rounding'
      | 'prepaid'
      | 'total'
    >();
    expectTypeOf<DocumentTotals[Exclude<keyof DocumentTotals, 'prepaid'>]>().toEqualTypeOf<number>();
    // Only a document that deducts advances (anticipos) carries its PrepaidAmount.
    expectTypeOf<DocumentTotals['prepaid']>().toEqualTypeOf<number | undefined>();
  });
  it('fills what the body may leave out: the amounts of detracción, percepción and retención, and the legends', () => {
    expectTypeOf<NonNullable<Document['detraction']>['amount']>().toEqualTypeOf<number>();
    expectTypeOf<Detraction['amount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<Document['perception']>['total']>().toEqualTypeOf<number>();
    expectTypeOf<NonNullable<Document['retention']>['amount']>().toEqualTypeOf<number>();
    expectTypeOf<Document['legends']>().toEqualTypeOf<Legend[]>();
  });
  it('an event carries the same Document type (or voiding, summary, retention, perception), so its docs show there too', () => {
    expectTypeOf<Extract<Event['data']['object'], { object: 'document' }>>().toEqualTypeOf<Document>();
    expectTypeOf<Extract<Event['data']['object'], { object: 'retention' }>>().toEqualTypeOf<RetentionReceipt>();
  });
});

describe('Closed, which closes the document types inferred from their schemas', () => {
  it('leaves out the index signature a loose schema adds, at every depth, and nothing else', () => {
    type Loose = { a: string; b?: number; nested: { c: string; [key: string]: unknown }[]; metadata?: { [key: string]: string }; [key: string]: unknown };
    expectTypeOf<Closed<Loose>>().toEqualTypeOf<{ a: string; b?: number; nested: { c: string }[]; metadata?: { [key: string]: string } }>();
    expectTypeOf<Closed<{ code: '00' | (string & {}); day: string | Date }>>().toEqualTypeOf<{ code: '00' | (string & {}); day: string | Date }>();
  });
});

describe('the documents methods take and give these types', () => {
  it('create, createAndWait and createMany take DocumentCreateParams; they resolve with Document', () => {
    type Documents = InstanceType<typeof DocumentsResource>;
    expectTypeOf<Parameters<Documents['create']>[0]>().toEqualTypeOf<DocumentCreateParams>();
    expectTypeOf<Parameters<Documents['createAndWait']>[0]>().toEqualTypeOf<DocumentCreateParams>();
    expectTypeOf<Parameters<Documents['createMany']>[0]>().toEqualTypeOf<Iterable<DocumentCreateParams> | AsyncIterable<DocumentCreateParams>>();
    expectTypeOf<Awaited<ReturnType<Documents['create']>>>().toEqualTypeOf<Document>();
    expectTypeOf<Awaited<ReturnType<Documents['retrieve']>>>().toEqualTypeOf<Document>();
  });
});
