import { describe, expectTypeOf, it } from 'vitest';
import type {
  APIKeyCreateParams,
  DocumentCreateParams,
  DocumentListParams,
  DocumentStatus,
  EventListParams,
  Item,
  WebhookEndpointCreateParams,
} from '../../src/index.js';
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
