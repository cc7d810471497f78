/**
 * The words of a refusal: loaded only when a compiled check (`src/operations/compiled.ts`) refuses
 * a value, it brings zod and the operation declarations, and parses the value with the schema the
 * check was compiled from, so every refusal carries zod's issues, path by path.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { Operation } from '../core/operation.js';
import * as declarations from '../operations/index.js';
import { validate } from './validate.js';

/** The part of a request a compiled check refused: `body`, `query`, or a path parameter's name. */
export type RefusedPart = { readonly part: 'body' | 'query' } | { readonly part: 'params'; readonly name: string };

/** The schema of `refused` in the declaration of `operation`. */
function schemaOf(operation: Operation, refused: RefusedPart): z.ZodMiniType | undefined {
  return refused.part === 'params' ? operation.params?.[refused.name] : operation[refused.part];
}

/**
 * Throws the `ValidationError` the schema of `refused` in the operation named `name` gives
 * `value`, naming it `label`. Returns if the schema accepts `value` after all: zod is the judge
 * (test/sdk/compiled-checks.test.ts tests that the two agree). Throws an `Error` when the
 * declarations have no such schema (a compiled file older than its declarations), rather than
 * let the value go unchecked.
 */
export function refuse(name: string, refused: RefusedPart, value: unknown, label: string): void {
  const operation = Object.values(declarations)
    .flatMap((operations) => Object.values(operations) as Operation[])
    .find((declared) => declared.name === name);
  const schema = operation && schemaOf(operation, refused);
  if (!schema) throw new Error(`${name} declares no ${refused.part === 'params' ? refused.name : refused.part} schema: run \`npm run checks\``);
  validate(schema, value, label);
}
