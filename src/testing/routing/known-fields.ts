/**
 * The fields of a request body that its operation does not declare. The API knows its own
 * contract and refuses them (422 `validation_error`, each issue `unknown_field`), as Stripe's API
 * refuses unknown parameters; the SDK's own schemas are loose (they send what they do not know),
 * so the known keys are read from the same declarations, walked here, never listed twice.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { FieldIssue } from '../../core/errors.js';

/** The parts of a zod definition the walk reads. */
interface Def {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  in?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The paths (dot-separated, as every `errors[].path`: `items.0.igvAfectation`) of the fields of
 * `value` that `schema` does not declare, at any depth. An object whose schema takes any key of
 * a given type (a `catchall` other than `unknown`, e.g. `metadata`) has no unknown keys; a
 * union's value is judged by the option it fits best (the fewest unknown fields).
 */
export function unknownFields(schema: z.core.$ZodType, value: unknown, path = ''): string[] {
  const def = defOf(schema);
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return [];
      const open = def.catchall !== undefined && defOf(def.catchall).type !== 'unknown';
      const found: string[] = [];
      for (const [key, field] of Object.entries(value)) {
        const declared = def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
        if (declared) found.push(...unknownFields(declared, field, at(key)));
        else if (!open) found.push(at(key));
      }
      return found;
    }
    case 'array':
      return Array.isArray(value) && def.element ? value.flatMap((item, i) => unknownFields(def.element!, item, at(i))) : [];
    case 'union': {
      const candidates = (def.options ?? []).map((option) => unknownFields(option, value, path));
      return candidates.reduce<string[] | undefined>((best, found) => (best === undefined || found.length < best.length ? found : best), undefined) ?? [];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType ? unknownFields(def.innerType, value, path) : [];
    case 'pipe':
      return def.in ? unknownFields(def.in, value, path) : [];
    case 'lazy':
      return def.getter ? unknownFields(def.getter(), value, path) : [];
    default:
      return [];
  }
}

/** The `unknown_field` issues of a body: one per field its schema does not declare. */
export function unknownFieldIssues(schema: z.core.$ZodType, value: unknown): Required<FieldIssue>[] {
  return unknownFields(schema, value).map((path) => ({ path, code: 'unknown_field', message: 'is not a field this request takes (a misspelt name?)' }));
}
