/**
 * A resource method's types come from its operation's declaration (src/operations/): its path
 * parameters from the path template, its query and body from their schemas, its answer from the
 * 2xx response, the list item or the file type. `npx tsc -p .` checks this file: each
 * `@ts-expect-error` below fails the typecheck the day its mistake compiles again.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type APIPromise,
  APIResource,
  type Customer,
  type CustomerUpdateParams,
  type DeletedObject,
  type DniLookup,
  type Document,
  type DocumentCreateParams,
  type DocumentListItem,
  type DocumentListParams,
  type DocumentPdfParams,
  type ExchangeRate,
  type PagePromise,
  type RequestOptions,
  type RucLookup,
  type WebhookEndpointWithSecret,
} from '../../src/index.js';
import type { BodyOf, ItemOf, OutputOf, ParamsOf, PathParamName, QueryOf } from '../../src/core/operation.js';
import type { DateFilter } from '../../src/models/shared.js';
import type { customersOperations } from '../../src/operations/customers.js';
import type { documentsOperations } from '../../src/operations/documents.js';
import type { lookupsOperations } from '../../src/operations/lookups.js';
import { loadOperations } from '../../src/resources/resource.js';
import { makeClient } from '../helpers.js';

const customers = () => loadOperations().then((m) => m.customersOperations);
const documents = () => loadOperations().then((m) => m.documentsOperations);
const lookups = () => loadOperations().then((m) => m.lookupsOperations);

describe('a method that disagrees with its declaration does not compile', () => {
  it('an answer the operation does not give', () => {
    class Customers extends APIResource<typeof customersOperations> {
      protected readonly _operations = customers;
      retrieve(id: string, options?: RequestOptions): APIPromise<Document> {
        // @ts-expect-error customers.retrieve answers a Customer (its 200 response), not a Document
        return this._do('retrieve', { params: { id } }, options);
      }
      /** A wider answer than the declaration's is refused too: the two must be assignable both ways. */
      delete(id: string, options?: RequestOptions): APIPromise<{ id: string }> {
        // @ts-expect-error customers.delete answers a DeletedObject, and `{ id: string }` is not that type
        return this._do('delete', { params: { id } }, options);
      }
      /** The declared answer and body, as the SDK writes them, compile. */
      update(id: string, body: CustomerUpdateParams, options?: RequestOptions): APIPromise<Customer> {
        return this._do('update', { params: { id }, body }, options);
      }
    }
    expect(Customers).toBeTypeOf('function');
  });

  it('a body or filters narrower than the declaration’s', () => {
    class Customers extends APIResource<typeof customersOperations> {
      protected readonly _operations = customers;
      update(id: string, body: { email: string }, options?: RequestOptions): APIPromise<Customer> {
        // @ts-expect-error customers.update takes any of a customer's fields, each optional, not only a required email
        return this._do('update', { params: { id }, body }, options);
      }
      list(params: { limit: number }, options?: RequestOptions): PagePromise<Customer> {
        // @ts-expect-error customers.list takes ListParams (limit and cursor, each optional)
        return this._page('list', params, options);
      }
    }
    expect(Customers).toBeTypeOf('function');
  });

  it('path parameters that are not the template’s', () => {
    class Lookups extends APIResource<typeof lookupsOperations> {
      protected readonly _operations = lookups;
      ruc(id: string, options?: RequestOptions): APIPromise<RucLookup> {
        // @ts-expect-error /v1/lookups/ruc/{number} takes `number`, not `id`
        return this._do('ruc', { params: { id } }, options);
      }
      dni(number: string, options?: RequestOptions): APIPromise<DniLookup> {
        return this._do('dni', { params: { number } }, options);
      }
    }
    expect(Lookups).toBeTypeOf('function');
  });

  it('a list item, a file type, a body or a query that are not the declaration’s', () => {
    class Documents extends APIResource<typeof documentsOperations> {
      protected readonly _operations = documents;
      list(params: DocumentListParams = {}, options?: RequestOptions): PagePromise<Document> {
        // @ts-expect-error a listed document has no signedXml: the items are DocumentListItem
        return this._page('list', params, options);
      }
      pdf(id: string, options?: RequestOptions): APIPromise<string> {
        // @ts-expect-error a PDF is read as bytes (Uint8Array), not text
        return this._do('pdf', { params: { id } }, options);
      }
      void(id: string, options?: RequestOptions): APIPromise<Document> {
        // @ts-expect-error documents.void declares a body (its reason), so a call without one does not compile
        return this._do('void', { params: { id } }, options);
      }
      xml(id: string, format: DocumentPdfParams, options?: RequestOptions): APIPromise<string> {
        // @ts-expect-error documents.xml declares no query
        return this._do('xml', { params: { id }, query: format }, options);
      }
      create(body: DocumentCreateParams, options?: RequestOptions): PagePromise<Document> {
        // @ts-expect-error documents.create is no list: it cannot be paged
        return this._page('create', body, options);
      }
    }
    expect(Documents).toBeTypeOf('function');
  });
});

describe('the types read from a declaration', () => {
  type Documents = typeof documentsOperations;
  it('path parameters from the template, typed by the params schema where there is one', () => {
    expectTypeOf<PathParamName<'/v1/documents/{id}/xml'>>().toEqualTypeOf<'id'>();
    expectTypeOf<PathParamName<'/v1/a/{first}/b/{second}'>>().toEqualTypeOf<'first' | 'second'>();
    expectTypeOf<PathParamName<'/v1/documents'>>().toEqualTypeOf<never>();
    expectTypeOf<ParamsOf<(typeof lookupsOperations)['ruc']>>().toEqualTypeOf<{ readonly number: string }>();
    type ByDay = { name: 'days.retrieve'; method: 'GET'; path: '/v1/days/{day}/{id}'; params: { day: typeof DateFilter } };
    expectTypeOf<ParamsOf<ByDay>>().toEqualTypeOf<{ readonly day: string | Date; readonly id: string }>();
  });
  it('the answer of every 2xx response, the list item, the file type', () => {
    expectTypeOf<OutputOf<Documents['create']>>().toEqualTypeOf<Document>();
    expectTypeOf<OutputOf<{ name: 'x'; method: 'GET'; path: '/x'; responses: { 200: typeof DateFilter; 404: typeof documentsOperations.create.body } }>>().toEqualTypeOf<
      string | Date
    >();
    expectTypeOf<ItemOf<Documents['list']>>().toEqualTypeOf<DocumentListItem>();
    expectTypeOf<OutputOf<Documents['xml']>>().toEqualTypeOf<string>();
    expectTypeOf<OutputOf<Documents['pdf']>>().toEqualTypeOf<Uint8Array>();
  });
  it('the body and the query from their schemas, none where none is declared', () => {
    expectTypeOf<DocumentCreateParams>().toExtend<BodyOf<Documents['create']>>();
    expectTypeOf<BodyOf<Documents['retrieve']>>().toEqualTypeOf<never>();
    expectTypeOf<DocumentListParams>().toExtend<QueryOf<Documents['list']>>();
    expectTypeOf<{ issuedFrom: 20261101 }>().not.toExtend<QueryOf<Documents['list']>>();
    expectTypeOf<QueryOf<Documents['retrieve']>>().toEqualTypeOf<never>();
  });
});

describe('what users see: the client methods give the declared types', () => {
  const client = makeClient();
  it('an answer, a list item, a file', () => {
    expectTypeOf(client.customers.retrieve).returns.toEqualTypeOf<APIPromise<Customer>>();
    expectTypeOf(client.customers.delete).returns.toEqualTypeOf<APIPromise<DeletedObject>>();
    expectTypeOf(client.customers.list).returns.toEqualTypeOf<PagePromise<Customer>>();
    expectTypeOf(client.documents.list).returns.toEqualTypeOf<PagePromise<DocumentListItem>>();
    expectTypeOf(client.documents.xml).returns.toEqualTypeOf<APIPromise<string>>();
    expectTypeOf(client.documents.cdr).returns.toEqualTypeOf<APIPromise<string>>();
    expectTypeOf(client.documents.pdf).returns.toEqualTypeOf<APIPromise<Uint8Array>>();
    expectTypeOf(client.lookups.ruc).returns.toEqualTypeOf<APIPromise<RucLookup>>();
    expectTypeOf(client.exchangeRates.retrieve).parameter(0).toEqualTypeOf<string | Date>();
    expectTypeOf(client.exchangeRates.retrieve).returns.toEqualTypeOf<APIPromise<ExchangeRate>>();
    expectTypeOf(client.webhookEndpoints.rotateSecret).returns.toEqualTypeOf<APIPromise<WebhookEndpointWithSecret>>();
  });
});
