/**
 * How one operation of the API is declared, once, in `src/operations/<resource>.ts` beside its
 * resource: the resource method sends it, the mock sandbox routes it, and `openapi.json` documents
 * it, all from this one declaration. Declarations sit apart from the resource classes so that they
 * (and their schemas) load on a resource's first call, not with the client.
 *
 * @module
 */
import type * as z from 'zod/mini';

/** One operation of the API. */
export interface Operation {
  /**
   * The SDK method that calls it, `resource.method` (`documents.create`): also the OpenAPI
   * `operationId` (`documents_create`) and the mock's audit log action.
   */
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path template, `/v1/documents/{id}`: each `{parameter}` is percent-encoded when filled. */
  readonly path: string;
  /** Schemas of the path parameters that are not plain ids (a RUC, a date). */
  readonly params?: Readonly<Record<string, z.ZodMiniType>>;
  /** The object schema whose properties are the query parameters. */
  readonly query?: z.ZodMiniType;
  /** The JSON request body. */
  readonly body?: z.ZodMiniType;
  /** The JSON answer by status. */
  readonly responses?: Readonly<Record<number, z.ZodMiniType>>;
  /** A list: the answer is a page of this item. */
  readonly list?: z.ZodMiniType;
  /** A file answer, by media type: XML as text, a PDF as bytes. */
  readonly file?: 'application/xml' | 'application/pdf';
}
