import { describe, expectTypeOf, it } from 'vitest';
import type { ApiKeyCreateParams, DocumentListParams, DocumentStatus, EventListParams, WebhookEndpointCreateParams } from '../src/index.js';

describe('parameter types', () => {
  it('open enums keep their known values and refuse non-strings, in inputs as in outputs', () => {
    expectTypeOf<DocumentListParams['status']>().toEqualTypeOf<DocumentStatus | undefined>();
    expectTypeOf<'accepted'>().toExtend<NonNullable<DocumentListParams['status']>>();
    expectTypeOf<12345>().not.toExtend<NonNullable<DocumentListParams['status']>>();
    expectTypeOf<[42]>().not.toExtend<NonNullable<ApiKeyCreateParams['permissions']>>();
    expectTypeOf<['documents:write']>().toExtend<NonNullable<ApiKeyCreateParams['permissions']>>();
    expectTypeOf<[false]>().not.toExtend<NonNullable<WebhookEndpointCreateParams['events']>>();
    expectTypeOf<{ type: 7 }>().not.toExtend<EventListParams>();
  });
});
