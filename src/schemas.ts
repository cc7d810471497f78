/**
 * `yupana/schemas`: the zod/mini schema of every model, request and response. The SDK checks
 * requests against them with zod before sending,
 * the mock sandbox validates with them, and `openapi.json` is written from them. Each model's type (exported by `yupana` too) is its schema's type: a
 * document's parts are their schemas' types closed (a misspelt field does not compile); the other
 * models' are `z.infer` of their schemas.
 * Use them to check input where it arrives, a form or a queue, before it reaches the client.
 * They are an entry of their own so that a client bundle carries them only when it imports them.
 *
 * ```ts
 * import { DocumentCreateParams } from 'yupana/schemas';
 * const result = DocumentCreateParams.safeParse(await request.json());
 * ```
 * @module yupana/schemas
 */
export * from './models/account.js';
export * from './models/api-key.js';
export * from './models/audit-log.js';
export * from './models/customer.js';
export * from './models/despatch.js';
export * from './models/document.js';
export * from './models/event.js';
export * from './models/exchange-rate.js';
export * from './models/lookup.js';
export * from './models/perception.js';
export * from './models/problem.js';
export * from './models/product.js';
export * from './models/retention.js';
export * from './models/series.js';
export * from './models/summary.js';
export * from './models/voiding.js';
export * from './models/webhook-endpoint.js';
export { strictDocumentCreateParams } from './lib/strict/schema.js';
export { DeletedObject, ListParams } from './models/shared.js';
