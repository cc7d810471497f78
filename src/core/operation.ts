/**
 * How one operation of the API is declared, once, in `src/operations/<resource>.ts` beside its
 * resource: the resource method sends it, the mock sandbox routes it, and `openapi.json` documents
 * it, all from this one declaration. The client checks a call's path parameters, query and body
 * against its schemas with zod (`zod/mini`) before anything is sent.
 *
 * The declaration also types its method: {@link ParamsOf}, {@link QueryOf}, {@link BodyOf},
 * {@link OutputOf} and {@link ItemOf} read a call's types from it, and `APIResource` checks each
 * method's own (readable, documented) types against them, so a method cannot take or answer what
 * its operation does not. Resources import declarations with `import type`, which costs nothing at
 * run time.
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
  /** A file answer, by media type: XML as text (a `string`), a PDF as bytes (a `Uint8Array`). */
  readonly file?: keyof FileAnswer;
}

/** Whether each operation answers objects with an `id`, worked out once per declaration. */
const identified = new WeakMap<Operation, boolean>();

/**
 * Whether every answer `operation` declares is an object with an `id` (a document, a
 * customer...): then an answer without one is not that object, whatever its status says (a
 * proxy's `200 {}` to a create), and the call fails instead of resolving with it.
 */
export function answersWithId(operation: Operation): boolean {
  let answers = identified.get(operation);
  if (answers === undefined) {
    const schemas = Object.values(operation.responses ?? {});
    answers = schemas.length > 0 && schemas.every((schema) => 'id' in ((schema._zod.def as { shape?: object }).shape ?? {}));
    identified.set(operation, answers);
  }
  return answers;
}

// ---------------------------------------------------------------------------------------------
// The types of one call, read from its declaration: a resource method's parameters and answer
// are checked against these, so a method cannot declare what its operation does not send or answer.

/** What a file answer is read as, by media type: XML as text, a PDF as bytes. */
export interface FileAnswer {
  'application/xml': string;
  'application/pdf': Uint8Array;
}

/** The `{parameter}` names of a path template: `'/v1/lookups/ruc/{number}'` gives `'number'`. */
export type PathParamName<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamName<Rest> : never;

/**
 * The path parameters of a call of `Op`, one per `{parameter}` of its path: the input type of its
 * `params` schema where it declares one, else a string.
 */
export type ParamsOf<Op extends Operation> = {
  readonly [Name in PathParamName<Op['path']>]: Op extends { readonly params: { readonly [N in Name]: infer S extends z.ZodMiniType } } ? z.input<S> : string;
};

/** The query of a call of `Op`: the input type of its `query` schema (`never` when it declares none). */
export type QueryOf<Op extends Operation> = Op extends { readonly query: infer S extends z.ZodMiniType } ? z.input<S> : never;

/** The body of a call of `Op`: the input type of its `body` schema (`never` when it declares none). */
export type BodyOf<Op extends Operation> = Op extends { readonly body: infer S extends z.ZodMiniType } ? z.input<S> : never;

/** The success statuses (2xx) among `Status`, one by one. */
type SuccessStatus<Status> = Status extends number ? (`${Status}` extends `2${string}` ? Status : never) : never;

/**
 * The answer of a call of `Op`: a file as {@link FileAnswer} says, else the output type of its 2xx
 * `responses` schema (of each, when there are several).
 */
export type OutputOf<Op extends Operation> = Op extends { readonly file: infer Type extends keyof FileAnswer }
  ? FileAnswer[Type]
  : Op extends { readonly responses: infer Responses }
    ? { [Status in keyof Responses]: Responses[Status] extends z.ZodMiniType ? z.output<Responses[Status]> : never }[SuccessStatus<keyof Responses>]
    : never;

/** The item of a list operation `Op`: the output type of its `list` schema (`never` when it is no list). */
export type ItemOf<Op extends Operation> = Op extends { readonly list: infer S extends z.ZodMiniType } ? z.output<S> : never;

/** The names of the list operations among `Operations`. */
export type ListName<Operations extends Record<string, Operation>> = {
  [Name in keyof Operations]: Operations[Name] extends { readonly list: z.ZodMiniType } ? Name : never;
}[keyof Operations];
