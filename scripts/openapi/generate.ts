/**
 * Builds the OpenAPI 3.1 document of the API from the SDK's own zod schemas (`z.toJSONSchema`),
 * its JSDoc, the operation table and the base addresses of `ENVIRONMENTS`.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as z from 'zod/mini';
import * as sdk from '../../src/index.js';
import { Problem } from '../../src/models/problem.js';
import { Amount, CalendarDate, DateFilter, Metadata, Timestamp, listEnvelope } from '../../src/models/shared.js';
import { constantDocs, resourceDocs } from './jsdoc.js';
import { OPERATIONS, type Operation } from './operations.js';

type Schema = Record<string, unknown>;
type Json = Record<string, unknown>;

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const isSchema = (value: unknown): value is z.ZodMiniType => value instanceof z.core.$ZodType;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Every named schema: the SDK's exports, the shared building blocks, the problem body and one page type per list. */
function namedSchemas(): Map<z.ZodMiniType, string> {
  const names = new Map<z.ZodMiniType, string>();
  const add = (name: string, schema: z.ZodMiniType) => {
    if (!names.has(schema)) names.set(schema, name);
  };
  // Sorted: a module namespace's key order is not the same under every loader (tsx, vitest).
  for (const [name, value] of Object.entries(sdk).sort(([a], [b]) => (a < b ? -1 : 1))) if (isSchema(value)) add(name, value);
  Object.entries({ Problem, CalendarDate, Timestamp, Amount, Metadata }).forEach(([name, schema]) => add(name, schema));
  for (const op of OPERATIONS) {
    if (!op.list) continue;
    const item = names.get(op.list)!;
    const exported = (sdk as Record<string, unknown>)[`${item}List`];
    add(`${item}List`, isSchema(exported) ? exported : listEnvelope(op.list));
  }
  return names;
}

/** The JSON Schema of every named schema, with references between them and descriptions from JSDoc. */
function componentSchemas(names: Map<z.ZodMiniType, string>): Record<string, Schema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of names) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
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

/** The error answers an operation can give (contract section 2). */
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
    '5XX': problemRef('ServerError'),
  };
}

/** The query parameters of an operation: the properties of its query schema. */
function queryParameters(op: Operation, names: Map<z.ZodMiniType, string>, components: Record<string, Schema>): Json[] {
  if (!op.query) return [];
  const schema = components[names.get(op.query)!]!;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

/** The OpenAPI 3.1 document of the API. */
export function buildOpenAPI(): OpenAPIV3_1.Document {
  const names = namedSchemas();
  const components = componentSchemas(names);
  const resources = resourceDocs(SRC);
  const environments = constantDocs([`${SRC}client.ts`]).get('ENVIRONMENTS');
  const schemaRef = (schema: z.ZodMiniType) => ref(names.get(schema)!);
  const paths: Record<string, Record<string, Json>> = {};

  for (const op of OPERATIONS) {
    const [resource, method] = op.sdk.split('.') as [string, string];
    const { summary, description, example } = describe(resources.get(resource)?.methods.get(method));
    const pathParameters = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]): Json => {
      const schema = op.params?.[name!];
      return schema
        ? { name: name!, in: 'path', required: true, schema: schemaRef(schema) }
        : { name: name!, in: 'path', required: true, description: 'The id of the object, with its prefix.', schema: { type: 'string', minLength: 1 } };
    });
    const idempotency = op.method === 'post' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [];
    const headers = { 'Request-Id': { $ref: '#/components/headers/RequestId' }, ...(op.method === 'post' ? { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } : {}) };
    const success: Record<string, Json> = {};
    if (op.list) success[200] = { description: 'A page of the list, newest first.', headers, content: jsonContent(ref(`${names.get(op.list)}List`)) };
    if (op.file) {
      const schema = op.file === 'application/pdf' ? { type: 'string', contentMediaType: 'application/pdf' } : { type: 'string', contentMediaType: 'application/xml' };
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

  // Query objects are parameters, not bodies: keep them out of the components unless referenced.
  const text = JSON.stringify({ paths, components });
  for (const op of OPERATIONS) {
    const name = op.query && names.get(op.query);
    if (name && !text.includes(`"#/components/schemas/${name}"`)) delete components[name];
  }

  const problem = (description: string, extraHeaders: Json = {}): Json => ({
    description,
    headers: { 'Request-Id': { $ref: '#/components/headers/RequestId' }, ...extraHeaders },
    content: { 'application/problem+json': { schema: ref('Problem') } },
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'yupana API',
      version: sdk.VERSION,
      summary: 'Peruvian electronic invoicing: issue facturas, boletas and notas and submit them to SUNAT.',
      description: [
        'Generated from the zod schemas of the yupana TypeScript SDK (`npm run openapi`).',
        'Every request carries `Authorization: Bearer <API key>`; every POST an `Idempotency-Key` (the same key and body replay the stored answer for 24 hours).',
        'Failures are RFC 9457 `application/problem+json` bodies: branch on `code`, never on `detail`.',
        'Lists are paged with `limit` (1 to 100, default 25) and an opaque `cursor` (the previous page\'s `nextCursor`), newest first.',
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: Object.entries(sdk.ENVIRONMENTS).map(([name, url]) => ({ url, description: `${name}: ${environments?.properties.get(name) ?? ''}`.trim() })),
    security: [{ bearerAuth: [] }],
    tags: [...resources].map(([name, doc]) => ({ name, ...(doc.description ? { description: doc.description } : {}) })),
    paths,
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
          description: 'A unique key per operation (e.g. a UUID), reused on every retry of it. The same key and body within 24 hours replay the stored answer; the same key with another body is a 422 `idempotency_key_reused`.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      headers: {
        RequestId: { description: 'The id of the request: quote it to support.', schema: { type: 'string' } },
        IdempotentReplayed: { description: '`true` when the answer is the stored answer of an earlier request with the same `Idempotency-Key`.', schema: { type: 'string', enum: ['true'] } },
        RetryAfter: { description: 'Seconds to wait (or an HTTP date) before trying again.', schema: { type: 'string' } },
      },
      responses: {
        BadRequest: problem('`bad_request`: the body is not JSON, or a POST lacks its `Idempotency-Key`.'),
        Unauthorized: problem('`authentication_error`: the API key is missing, unknown or revoked.'),
        PermissionDenied: problem('`permission_denied`: the API key lacks the permission named in `requiredPermission`.'),
        NotFound: problem('`not_found`: no such object.'),
        Conflict: problem('`idempotency_key_in_use`: a request with the same `Idempotency-Key` is still running. Retry later with the same key.'),
        UnprocessableEntity: problem('`validation_error` (each failing field in `errors`), or `idempotency_key_reused` (the same key with another body).'),
        RateLimited: problem('`rate_limited`: too many requests. Wait as `Retry-After` says.', { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
        ServerError: problem('`internal_error` (500) or `unavailable` (502, 503, 504): safe to retry with the same `Idempotency-Key`.'),
      },
    },
  } as unknown as OpenAPIV3_1.Document;
}
