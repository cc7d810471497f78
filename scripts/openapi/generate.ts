/**
 * Builds the OpenAPI 3.1 document of the API from the SDK's own zod schemas (`z.toJSONSchema`),
 * its JSDoc, the operation table, the base addresses of `ENVIRONMENTS`, the event types of
 * `EVENT_TYPES` (the `webhooks` section) and the examples of `examples.ts`.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as z from 'zod/mini';
import * as sdk from '../../src/index.js';
import * as schemas from '../../src/schemas.js';
import { Amount, CalendarDate, DateFilter, Metadata, Timestamp, listEnvelope } from '../../src/models/shared.js';
import { EVENT_EXAMPLES, FILE_EXAMPLES, HEADER_EXAMPLES, IDS, PROBLEM_EXAMPLES, SCHEMA_EXAMPLES, WEBHOOK_HEADER_EXAMPLES, listExample } from './examples.js';
import { constantDocs, resourceDocs } from './jsdoc.js';
import { OPERATIONS, type Operation } from './operations.js';

type Schema = Record<string, unknown>;
type Json = Record<string, unknown>;

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const isSchema = (value: unknown): value is z.ZodMiniType => value instanceof z.core.$ZodType;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** The type of a document a nota references by number: a refinement in the SDK, an enum on the wire. */
const REFERENCED_TYPE: z.core.$ZodType = schemas.ExternalDocumentReference.shape.type;
/** The forma de pago: one object in the SDK (so that a bad cuota is reported at its path), one of its two forms on the wire. */
const PAYMENT_TERMS: z.core.$ZodType = schemas.PaymentTerms;

/** The name of a page of `item`: `CustomerList`, and `DocumentList` for `DocumentListItem`. */
const pageOf = (item: string) => (item.endsWith('ListItem') ? item.slice(0, -'Item'.length) : `${item}List`);

/** Every named schema: the SDK's exports (the problem body among them), the shared building blocks and one page type per list. */
function namedSchemas(): { names: Map<z.ZodMiniType, string>; examples: Map<z.ZodMiniType, readonly unknown[]> } {
  const names = new Map<z.ZodMiniType, string>();
  const examples = new Map(SCHEMA_EXAMPLES);
  const add = (name: string, schema: z.ZodMiniType) => {
    if (!names.has(schema)) names.set(schema, name);
  };
  // Sorted: a module namespace's key order is not the same under every loader (tsx, vitest).
  for (const [name, value] of Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1))) if (isSchema(value)) add(name, value);
  Object.entries({ CalendarDate, Timestamp, Amount, Metadata }).forEach(([name, schema]) => add(name, schema));
  for (const op of OPERATIONS) {
    if (!op.list) continue;
    const pageName = pageOf(names.get(op.list)!);
    const exported = (schemas as Record<string, unknown>)[pageName];
    const list = isSchema(exported) ? exported : listEnvelope(op.list);
    add(pageName, list);
    // A page's example is a page of its item's first example.
    const itemExample = SCHEMA_EXAMPLES.get(op.list)?.[0];
    if (!examples.has(list) && itemExample !== undefined) examples.set(list, [listExample(itemExample)]);
  }
  return { names, examples };
}

/**
 * The JSON Schema of every named schema, with references between them, descriptions from JSDoc
 * and the examples of `examples.ts` (zod emits a registry's metadata, so they are the schemas'
 * own `examples`).
 */
function componentSchemas(names: Map<z.ZodMiniType, string>, examples: Map<z.ZodMiniType, readonly unknown[]>): Record<string, Schema> {
  const registry = z.registry<{ id?: string; examples?: readonly unknown[] }>();
  for (const [schema, id] of names) registry.add(schema, { id, ...(examples.has(schema) ? { examples: [...examples.get(schema)!] } : {}) });
  for (const [schema, values] of examples) if (!names.has(schema)) registry.add(schema, { examples: [...values] });
  const { schemas } = z.toJSONSchema(registry, {
    metadata: registry,
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
    override({ zodSchema, jsonSchema }) {
      const json = jsonSchema as Schema;
      // A date filter is a `YYYY-MM-DD` string on the wire (the SDK also takes a Date and sends its day).
      if (zodSchema === DateFilter) {
        for (const key of Object.keys(json)) delete json[key];
        Object.assign(json, ref('CalendarDate'));
      }
      if (zodSchema === CalendarDate) json.format = 'date';
      if (zodSchema === Timestamp) json.format = 'date-time';
      if (zodSchema === Metadata) json.maxProperties = 20;
      if (zodSchema === REFERENCED_TYPE) json.enum = ['01', '03'];
      if (zodSchema === PAYMENT_TERMS) {
        for (const key of ['type', 'properties', 'required', 'additionalProperties']) delete json[key];
        json.oneOf = [ref('CashPaymentTerms'), ref('CreditPaymentTerms')];
      }
      if (json.type === 'integer' && json.minimum === -MAX_SAFE) delete json.minimum;
      if (json.type === 'integer' && json.maximum === MAX_SAFE) delete json.maximum;
    },
  });
  const components = Object.fromEntries(Object.entries(structuredClone(schemas)).sort(([a], [b]) => (a < b ? -1 : 1))) as Record<string, Schema>;
  const files = readdirSync(`${SRC}models`).map((file) => `${SRC}models/${file}`);
  const docs = constantDocs(files);
  for (const [name, schema] of Object.entries(components)) {
    delete schema.$schema;
    delete schema.$id;
    const doc = docs.get(name);
    if (doc?.description) schema.description = doc.description;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, text] of doc?.properties ?? []) if (properties[key]) properties[key].description = text;
  }
  return components;
}

/** Splits a method's JSDoc into its prose and its TypeScript example. */
function describe(doc: string | undefined): { summary?: string; description?: string; example?: string } {
  if (!doc) return {};
  const example = /```ts\n([\s\S]*?)```/.exec(doc)?.[1]?.trim();
  const description = doc.replace(/```ts\n[\s\S]*?```/g, '').trim();
  const firstSentence = /^[\s\S]*?(?<!e\.g|i\.e)[.:](?=\s|$)/.exec(description)?.[0] ?? description;
  const summary = firstSentence.replace(/\s+/g, ' ').replace(/[.:]$/, '');
  return { summary, description: description === firstSentence ? undefined : description, example };
}

const jsonContent = (schema: object) => ({ 'application/json': { schema } });
const problemRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
const headerRef = (name: keyof typeof HEADER_EXAMPLES) => ({ $ref: `#/components/headers/${name}` });

/** The headers of every response (docs/contract.md §1): the request id and the rate limit. */
const EVERY_RESPONSE_HEADERS = {
  'Request-Id': headerRef('RequestId'),
  RateLimit: headerRef('RateLimit'),
  'RateLimit-Policy': headerRef('RateLimitPolicy'),
};

/** The error answers an operation can give (docs/contract.md §2). */
function errorResponses(op: Operation): Record<string, { $ref: string }> {
  const hasPathParams = op.path.includes('{');
  const writes = op.method !== 'get';
  return {
    ...(writes ? { 400: problemRef('BadRequest') } : {}),
    401: problemRef('Unauthorized'),
    403: problemRef('PermissionDenied'),
    ...(hasPathParams ? { 404: problemRef('NotFound') } : {}),
    ...(op.method === 'post' ? { 409: problemRef('Conflict') } : {}),
    ...(writes || op.query || op.params ? { 422: problemRef('UnprocessableEntity') } : {}),
    429: problemRef('RateLimited'),
    503: problemRef('ServiceUnavailable'),
    '5XX': problemRef('ServerError'),
  };
}

/** The query parameters of an operation: the properties of its query schema, with its first example's values. */
function queryParameters(op: Operation, names: Map<z.ZodMiniType, string>, components: Record<string, Schema>): Json[] {
  if (!op.query) return [];
  const schema = components[names.get(op.query)!]!;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const example = ((schema.examples as Json[] | undefined)?.[0] ?? {}) as Json;
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(example[name] !== undefined ? { example: example[name] } : {}),
    };
  });
}

/** The text after each `` - `name`: `` bullet of a JSDoc, by name. */
function bullets(doc: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, text] of (doc ?? '').matchAll(/^- `([^`]+)`: ([^\n]*(?:\n(?!- )[^\n]*)*)/gm)) {
    found.set(name!, text!.replace(/\s+/g, ' ').replace(/[;.]$/, ''));
  }
  return found;
}

/** The `webhooks` section: one POST per event type, signed with the Standard Webhooks headers (docs/contract.md §6). */
function webhooks(eventDocs: Map<string, string>): Record<string, Json> {
  const header = (name: string) => ({ $ref: `#/components/parameters/${name}` });
  return Object.fromEntries(
    schemas.EVENT_TYPES.map((type) => {
      const what = eventDocs.get(type);
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(/\W/g, '_')}`,
            tags: ['webhooks'],
            summary: what ? `${type}: ${what}` : type,
            description:
              'A POST to each enabled webhook endpoint subscribed to this type. Verify the signature with `client.webhooks.unwrap(rawBody, headers)` before trusting the body; deliveries are at least once, so deduplicate on the event `id` (also the `webhook-id` header).',
            security: [],
            parameters: [header('WebhookId'), header('WebhookTimestamp'), header('WebhookSignature')],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { allOf: [ref('Event'), { type: 'object', properties: { type: { const: type } }, required: ['type'] }] },
                  example: EVENT_EXAMPLES[type],
                },
              },
            },
            responses: { '2XX': { description: 'Received: any 2xx answer acknowledges the delivery.' } },
          },
        },
      ];
    }),
  );
}

/** The OpenAPI 3.1 document of the API. */
export function buildOpenAPI(): OpenAPIV3_1.Document {
  const { names, examples } = namedSchemas();
  const components = componentSchemas(names, examples);
  const resources = resourceDocs(SRC);
  const environments = constantDocs([`${SRC}core/options.ts`]).get('ENVIRONMENTS');
  const eventDocs = bullets(constantDocs([`${SRC}models/event.ts`]).get('EVENT_TYPES')?.description);
  const schemaRef = (schema: z.ZodMiniType) => ref(names.get(schema)!);
  const paths: Record<string, Record<string, Json>> = {};

  for (const op of OPERATIONS) {
    const [resource, method] = op.sdk.split('.') as [string, string];
    const { summary, description, example } = describe(resources.get(resource)?.methods.get(method));
    const segment = op.path.split('/')[2] as keyof typeof IDS;
    const pathParameters = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]): Json => {
      const schema = op.params?.[name!];
      return schema
        ? { name: name!, in: 'path', required: true, schema: schemaRef(schema) }
        : {
            name: name!,
            in: 'path',
            required: true,
            description: 'The id of the object, with its prefix.',
            schema: { type: 'string', minLength: 1 },
            example: IDS[segment],
          };
    });
    const idempotency = op.method === 'post' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [];
    const headers = { ...EVERY_RESPONSE_HEADERS, ...(op.method === 'post' ? { 'Idempotent-Replayed': headerRef('IdempotentReplayed') } : {}) };
    const success: Record<string, Json> = {};
    if (op.list) success[200] = { description: 'A page of the list, newest first.', headers, content: jsonContent(ref(pageOf(names.get(op.list)!))) };
    if (op.file) {
      const example = op.file === 'application/pdf' ? FILE_EXAMPLES.pdf : op.path.endsWith('/cdr') ? FILE_EXAMPLES.cdr : FILE_EXAMPLES.xml;
      const schema = { type: 'string', contentMediaType: op.file, examples: [example] };
      success[200] = { description: op.file === 'application/pdf' ? 'The PDF.' : 'The XML.', headers, content: { [op.file]: { schema } } };
    }
    for (const [status, schema] of Object.entries(op.responses ?? {})) {
      const words = status === '201' ? 'Created.' : status === '202' ? 'Accepted: still being processed.' : 'OK.';
      success[status] = { description: words, headers, content: jsonContent(schemaRef(schema)) };
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      operationId: op.sdk.replace('.', '_'),
      tags: [resource],
      ...(summary ? { summary } : {}),
      ...(description ? { description } : {}),
      parameters: [...pathParameters, ...queryParameters(op, names, components), ...idempotency],
      ...(op.body ? { requestBody: { required: true, content: jsonContent(schemaRef(op.body)) } } : {}),
      responses: { ...success, ...errorResponses(op) },
      ...(example ? { 'x-codeSamples': [{ lang: 'TypeScript', label: 'yupana', source: example }] } : {}),
    };
  }
  const webhookItems = webhooks(eventDocs);

  // Query objects are parameters, not bodies: keep them out of the components unless referenced.
  const text = JSON.stringify({ paths, webhookItems, components });
  for (const op of OPERATIONS) {
    const name = op.query && names.get(op.query);
    if (name && !text.includes(`"#/components/schemas/${name}"`)) delete components[name];
  }

  const problem = (description: string, examples: schemas.Problem[], extraHeaders: Json = {}): Json => ({
    description,
    headers: { ...EVERY_RESPONSE_HEADERS, ...extraHeaders },
    content: {
      'application/problem+json': {
        schema: ref('Problem'),
        // One example is `example`: Prism answers a named `examples` entry only when asked for it by name.
        ...(examples.length === 1 ? { example: examples[0] } : { examples: Object.fromEntries(examples.map((value) => [value.code, { summary: value.title, value }])) }),
      },
    },
  });
  const retryAfter = { 'Retry-After': headerRef('RetryAfter') };
  const p = PROBLEM_EXAMPLES;

  return {
    openapi: '3.1.0',
    info: {
      title: 'yupana API',
      version: sdk.VERSION,
      summary: 'Peruvian electronic invoicing: issue facturas, boletas and notas and submit them to SUNAT.',
      description: [
        'Generated from the zod schemas of the yupana TypeScript SDK (`npm run openapi`).',
        'Every request carries `Authorization: Bearer <API key>`; every POST an `Idempotency-Key` (the same key and body replay the stored answer for 24 hours).',
        'Every response carries `Request-Id` and the rate limit of the API key (`RateLimit`, `RateLimit-Policy`); a 429 says how long to wait in `Retry-After`.',
        'Failures are RFC 9457 `application/problem+json` bodies: branch on `code`, never on `detail`.',
        "Lists are paged with `limit` (1 to 100, default 25) and an opaque `cursor` (the previous page's `nextCursor`), newest first.",
        'Events are POSTed to your webhook endpoints (the `webhooks` section), signed following Standard Webhooks.',
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: Object.entries(sdk.ENVIRONMENTS).map(([name, url]) => ({ url, description: `${name}: ${environments?.properties.get(name) ?? ''}`.trim() })),
    security: [{ bearerAuth: [] }],
    tags: [
      ...[...resources].map(([name, doc]) => ({ name, ...(doc.description ? { description: doc.description } : {}) })),
      {
        name: 'webhooks',
        description:
          "The events yupana POSTs to your webhook endpoints, one operation per event type. Each delivery is signed with the endpoint's `whsec_` secret following Standard Webhooks.",
      },
    ],
    paths,
    webhooks: webhookItems,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: a test key for the sandbox, a live key for production.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description:
            'A unique key per operation (e.g. a UUID), reused on every retry of it. The same key and body within 24 hours replay the stored answer; the same key with another body is a 422 `idempotency_key_reused`.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$', examples: ['5f0e8a4e-3c1d-4b7a-9f2e-8d6c1b2a7e90'] },
        },
        WebhookId: {
          name: 'webhook-id',
          in: 'header',
          required: true,
          description: 'The id of the event (`evt_`), the same on every delivery of it: deduplicate on it.',
          schema: { type: 'string', minLength: 1, examples: [WEBHOOK_HEADER_EXAMPLES['webhook-id']] },
        },
        WebhookTimestamp: {
          name: 'webhook-timestamp',
          in: 'header',
          required: true,
          description: 'When the delivery was signed, in unix seconds. Refuse a delivery more than 5 minutes away from your clock.',
          schema: { type: 'string', pattern: '^\\d{1,15}$', examples: [WEBHOOK_HEADER_EXAMPLES['webhook-timestamp']] },
        },
        WebhookSignature: {
          name: 'webhook-signature',
          in: 'header',
          required: true,
          description:
            // biome-ignore lint/suspicious/noTemplateCurlyInString: Standard Webhooks' own notation for the signed content, not a template
            "Space-separated `v1,<base64 HMAC-SHA256>` signatures (several while a secret rotates) of `${webhook-id}.${webhook-timestamp}.${raw body}`, keyed with the base64 part of the endpoint's `whsec_` secret.",
          schema: { type: 'string', minLength: 1, examples: [WEBHOOK_HEADER_EXAMPLES['webhook-signature']] },
        },
      },
      headers: {
        RequestId: {
          description: 'The id of the request: quote it to support. Also `requestId` in a problem body.',
          required: true,
          schema: { type: 'string', minLength: 1, examples: [HEADER_EXAMPLES.RequestId] },
        },
        RateLimit: {
          description: "The API key's budget left in this window (IETF RateLimit draft): `r` requests remaining, `t` seconds until the window resets.",
          required: true,
          schema: { type: 'string', pattern: ';\\s*r=\\d+', examples: [HEADER_EXAMPLES.RateLimit] },
        },
        RateLimitPolicy: {
          description: "The API key's quota (IETF RateLimit draft): `q` requests per window of `w` seconds, one fixed window per key.",
          required: true,
          schema: { type: 'string', pattern: ';\\s*q=\\d+', examples: [HEADER_EXAMPLES.RateLimitPolicy] },
        },
        RetryAfter: {
          description: 'How long to wait before trying again: delay-seconds, or an HTTP date (IMF-fixdate).',
          schema: {
            type: 'string',
            pattern: '^(\\d+|(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} \\d{2}:\\d{2}:\\d{2} GMT)$',
            examples: [HEADER_EXAMPLES.RetryAfter, 'Sat, 21 Nov 2026 15:05:00 GMT'],
          },
        },
        IdempotentReplayed: {
          description: '`true` when the answer is the stored answer of an earlier request with the same `Idempotency-Key`; absent otherwise.',
          schema: { type: 'string', enum: ['true'], examples: [HEADER_EXAMPLES.IdempotentReplayed] },
        },
      },
      responses: {
        BadRequest: problem('`bad_request`: the body is not JSON, or a POST lacks its `Idempotency-Key`.', [p.BadRequest]),
        Unauthorized: problem('`authentication_error`: the API key is missing, unknown or revoked.', [p.Unauthorized]),
        PermissionDenied: problem('`permission_denied`: the API key lacks the permission named in `requiredPermission`.', [p.PermissionDenied]),
        NotFound: problem('`not_found`: no such object.', [p.NotFound]),
        Conflict: problem('`idempotency_key_in_use`: a request with the same `Idempotency-Key` is still running. Retry later with the same key.', [p.Conflict]),
        UnprocessableEntity: problem('`validation_error` (each failing field in `errors`), or `idempotency_key_reused` (the same key with another body).', [
          p.UnprocessableEntity,
          p.IdempotencyKeyReused,
        ]),
        RateLimited: problem('`rate_limited`: too many requests. Wait as `Retry-After` says.', [p.RateLimited], retryAfter),
        ServiceUnavailable: problem(
          "`unavailable`: the service or SUNAT's link is briefly down. Safe to retry with the same `Idempotency-Key`, after `Retry-After` when it is sent.",
          [p.ServiceUnavailable],
          retryAfter,
        ),
        ServerError: problem('`internal_error` (500) or `unavailable` (502, 504): safe to retry with the same `Idempotency-Key`.', [p.ServerError]),
      },
    },
  } as unknown as OpenAPIV3_1.Document;
}
