/**
 * Writes `src/operations/compiled.ts`: every operation declaration (`src/operations/`) as the
 * client needs it at run time, without zod. Each schema a request is checked against (path
 * parameters, query, body) becomes a plain function that answers whether zod would accept the
 * value; whether every answer has an `id` is worked out here. The client runs these before it
 * sends, and loads zod and the declarations only to word a refusal (`src/resources/resource.ts`).
 *
 * Also writes `src/operations/compiled-predicates.ts`, the refinements' predicates
 * (`src/models/predicates.ts`) with what they import, bundled by esbuild: what the compiled checks
 * call. A copy, not an import: the zod schemas a refusal loads import the predicates too, and a
 * module two lazily loaded chunks share becomes a chunk of its own, one more round trip before the
 * first request (or, had the client imported it, one more file at `import 'yupana'`).
 *
 * The compiler knows the zod kinds the request schemas use and what zod 4 does with each (the
 * comments cite zod's `core/schemas.js` and `core/checks.js`); it refuses any other kind, option
 * or refinement (one that is not a function of `src/models/predicates.ts`) rather than guess.
 *
 * A check judges plain data, as a request body is: it reads the input where zod reads the copy
 * it builds, so the two can differ on a getter that answers differently on each read, a Proxy
 * whose `in` and reads disagree, or an object without a prototype while `Object.prototype` has
 * an enumerable key. The SDK then sends `JSON.stringify` of the input, a read of its own, so no
 * check could vouch for such a value anyway.
 *
 * test/repo/compiled-files.test.ts fails when the two files are not what this script writes, and
 * test/sdk/compiled-checks.test.ts tests that every compiled check agrees with its schema on
 * valid and broken bodies.
 *
 * `npm run checks` writes both files again after a change to a model, a declaration, a
 * predicate or what the predicates import (`src/internal/url.ts`, `src/sunat/document-codes.ts`),
 * and after an upgrade of zod or esbuild.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type * as z from 'zod/mini';
import type { Operation } from '../src/core/operation.js';
import * as predicates from '../src/models/predicates.js';
import * as declarations from '../src/operations/index.js';

/** Where the compiled declarations are written. */
export const COMPILED_PATH = fileURLToPath(new URL('../src/operations/compiled.ts', import.meta.url));
/** Where the copy of the predicates they call is written. */
export const COMPILED_PREDICATES_PATH = fileURLToPath(new URL('../src/operations/compiled-predicates.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type Check = { _zod: { def: { check: string } & Record<string, unknown> } };

/** The expression that calls each predicate, by the predicate: `p.hasAtMostDecimals[2]`. */
function predicateNames(): Map<unknown, string> {
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(predicates)) {
    if (typeof value === 'function') names.set(value, `p.${name}`);
    else for (const [key, fn] of Object.entries(value)) names.set(fn, `p.${name}[${JSON.stringify(Number(key))}]`);
  }
  return names;
}

/** Whether every answer `operation` declares is an object with an `id` (`CompiledOperation.identified`). */
export function answersWithId(operation: Operation): boolean {
  const answers = Object.values(operation.responses ?? {});
  return answers.length > 0 && answers.every((schema) => 'id' in ((schema._zod.def as { shape?: object }).shape ?? {}));
}

/** Compiles schemas into named arrow functions, one per distinct body, in dependency order. */
export class Compiler {
  readonly #predicates = predicateNames();
  /** Function body → its name; and the functions in order. */
  readonly #byBody = new Map<string, string>();
  readonly #functions: string[] = [];
  readonly #regexes = new Map<string, string>();
  readonly #sets = new Map<string, string>();
  readonly #bySchema = new Map<z.ZodMiniType, string>();

  /** The name of the function that checks `schema`. */
  name(schema: z.ZodMiniType, where: string): string {
    const known = this.#bySchema.get(schema);
    if (known) return known;
    const body = this.#body(schema, where);
    let name = this.#byBody.get(body);
    if (!name) {
      name = `c${this.#byBody.size}`;
      this.#byBody.set(body, name);
      this.#functions.push(`const ${name} = (v: unknown): boolean => ${body};`);
    }
    this.#bySchema.set(schema, name);
    return name;
  }

  /** The constants and functions compiled so far, as source lines. */
  get source(): string[] {
    return [
      ...[...this.#regexes].map(([literal, name]) => `const ${name} = ${literal};`),
      ...[...this.#sets].map(([values, name]) => `const ${name} = new Set<unknown>(${values});`),
      ...this.#functions,
    ];
  }

  #regex(pattern: RegExp, where: string): string {
    // zod resets `lastIndex` before each test; a global or sticky pattern would need the same.
    if (pattern.global || pattern.sticky) throw new Error(`${where}: a global or sticky pattern`);
    const literal = String(pattern);
    let name = this.#regexes.get(literal);
    if (!name) this.#regexes.set(literal, (name = `r${this.#regexes.size}`));
    return name;
  }

  #set(values: unknown[]): string {
    const literal = JSON.stringify(values);
    let name = this.#sets.get(literal);
    if (!name) this.#sets.set(literal, (name = `e${this.#sets.size}`));
    return name;
  }

  /** The expression, over `v`, that is true when zod accepts `v` for `schema`. */
  #body(schema: z.ZodMiniType, where: string): string {
    const def = schema._zod.def as Def;
    const parts = [this.#type(schema, def, where)];
    // zod runs a schema's checks after its type passes (`$ZodType.init`): all must pass. A format
    // (`z.int()`, `z.email()`) is a check itself, run first.
    const checks = [...(def.check ? [schema as unknown as Check] : []), ...((def.checks ?? []) as unknown as Check[])];
    for (const check of checks) parts.push(this.#check(check, def, where));
    return parts.join(' && ');
  }

  #type(schema: z.ZodMiniType, def: Def, where: string): string {
    if (def.coerce) throw new Error(`${where}: a coercing schema`);
    switch (def.type) {
      case 'string':
        return "typeof v === 'string'";
      case 'number':
        // `$ZodNumber`: a number, neither NaN nor infinite.
        return "typeof v === 'number' && Number.isFinite(v)";
      case 'boolean':
        return "typeof v === 'boolean'";
      case 'date':
        return 'v instanceof Date && !Number.isNaN(v.getTime())';
      case 'unknown':
        return 'true';
      case 'never':
        return 'false';
      case 'literal':
      case 'enum': {
        // `$ZodEnum` accepts its entries' values that are not the keys of numeric ones (`getEnumValues`).
        const values = def.type === 'literal' ? (def.values as unknown[]) : enumValues(def.entries as Record<string, unknown>);
        // JSON writes them: a NaN or an infinity would be written as null.
        if (values.some((value) => typeof value !== 'string' && typeof value !== 'boolean' && !(typeof value === 'number' && Number.isFinite(value)))) {
          throw new Error(`${where}: a value that is not a string, a finite number or a boolean`);
        }
        return values.length === 1 ? `v === ${JSON.stringify(values[0])}` : `${this.#set(values)}.has(v)`;
      }
      case 'optional':
        // `z.exactOptional` has the same type but refuses an explicit `undefined`.
        if (schema._zod.traits.has('$ZodExactOptional')) throw new Error(`${where}: an exact optional`);
        return `(v === undefined || ${this.name(def.innerType as z.ZodMiniType, where)}(v))`;
      case 'union':
        return `(${(def.options as z.ZodMiniType[]).map((option, i) => `${this.name(option, `${where}|${i}`)}(v)`).join(' || ')})`;
      case 'array':
        return `Array.isArray(v) && every(v, ${this.name(def.element as z.ZodMiniType, `${where}[]`)})`;
      case 'object':
        return this.#object(def, where);
      default:
        throw new Error(`${where}: zod kind ${def.type} is not compiled`);
    }
  }

  /** `$ZodObject`: a non-array object; each shape key as `handlePropertyResult` judges it; then the catchall over `for...in`. */
  #object(def: Def, where: string): string {
    const parts = ['isObject(v)'];
    const shape = def.shape as Record<string, z.ZodMiniType>;
    if (Object.getOwnPropertySymbols(shape).length > 0) throw new Error(`${where}: a symbol key`);
    for (const [key, field] of Object.entries(shape)) {
      if (key === '__proto__') throw new Error(`${where}: a __proto__ key`);
      const { optin, optout } = field._zod;
      const check = `${this.name(field, `${where}.${key}`)}(v[${JSON.stringify(key)}])`;
      // An absent key passes when optional in and out; one neither must be present (`nonoptional`).
      if (optin === 'optional' && optout === 'optional') parts.push(check);
      else if (optin === undefined) parts.push(`${JSON.stringify(key)} in v && ${check}`);
      else throw new Error(`${where}.${key}: optin ${optin}, optout ${optout}`);
    }
    const catchall = def.catchall as z.ZodMiniType | undefined;
    if (catchall && (catchall._zod.def as Def).type !== 'unknown') {
      if (catchall._zod.optin !== undefined) throw new Error(`${where}: an optional catchall`);
      const keys = this.#set(Object.keys(shape));
      // `handleCatchall`: keys of the shape and `__proto__` are skipped (a strict object's `never` does not skip `__proto__`).
      const skip = (catchall._zod.def as Def).type === 'never' ? `${keys}.has(k)` : `${keys}.has(k) || k === '__proto__'`;
      parts.push(`rest(v, (k) => ${skip}, ${this.name(catchall, `${where}.*`)})`);
    }
    return parts.join(' && ');
  }

  /** One check of a schema: `$ZodCheck*` in zod's `core/checks.js`. */
  #check(check: Check, def: Def, where: string): string {
    const c = check._zod.def;
    switch (c.check) {
      case 'number_format':
        // `$ZodCheckNumberFormat`: `z.int()` is a safe integer.
        if (c.format !== 'safeint') throw new Error(`${where}: the number format ${c.format}`);
        return 'Number.isSafeInteger(v)';
      case 'min_length':
        return def.type === 'string' ? `minPoints(v, ${c.minimum})` : `v.length >= ${c.minimum}`;
      case 'max_length':
        return def.type === 'string' ? `maxPoints(v, ${c.maximum})` : `v.length <= ${c.maximum}`;
      case 'string_format':
        if (c.format !== 'regex') throw new Error(`${where}: the string format ${c.format}`);
        return `${this.#regex(c.pattern as RegExp, where)}.test(v)`;
      case 'greater_than':
        return `v ${c.inclusive ? '>=' : '>'} ${number(c.value, where)}`;
      case 'less_than':
        return `v ${c.inclusive ? '<=' : '<'} ${number(c.value, where)}`;
      case 'custom': {
        // `$ZodCustom`: the refinement's result, taken as truthy; only a predicate of src/models/predicates.ts.
        // A `when` of its own decides when zod runs the refinement; the compiled check would always run it.
        if (c.when) throw new Error(`${where}: a refinement with its own \`when\``);
        const name = this.#predicates.get(c.fn);
        if (!name) throw new Error(`${where}: a refinement that is not in src/models/predicates.ts`);
        return `!!${name}(v as never)`;
      }
      default:
        throw new Error(`${where}: zod check ${c.check} is not compiled`);
    }
  }
}

function number(value: unknown, where: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${where}: a bound that is not a finite number`);
  return String(value);
}

/** zod's `getEnumValues`: the values of `entries` that are not the keys of its numeric values. */
function enumValues(entries: Record<string, unknown>): unknown[] {
  const numeric = Object.values(entries).filter((value) => typeof value === 'number');
  return Object.entries(entries)
    .filter(([key]) => !numeric.includes(Number(key)))
    .map(([, value]) => value);
}

/** `src/models/predicates.ts` and what it imports as one module, for `src/operations/compiled-predicates.ts`. */
function bundlePredicates(): string {
  const { outputFiles } = buildSync({
    entryPoints: ['src/models/predicates.ts'],
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    legalComments: 'none',
    charset: 'utf8',
    write: false,
  });
  return `${[
    '// @ts-nocheck: esbuild writes JavaScript, and src/models/predicates.ts is type-checked where it is written.',
    '// Written by scripts/compile-checks.ts from src/models/predicates.ts (`npm run checks`): do not edit.',
    '/**',
    " * The refinements' predicates and what they import, bundled as one module: what the compiled",
    ' * checks (`compiled.ts`) call. See scripts/compile-checks.ts for why a copy.',
    ' *',
    ' * @module',
    ' */',
    outputFiles[0]!.text.trimEnd(),
  ].join('\n')}\n`;
}

/** The sources of `src/operations/compiled.ts` and `src/operations/compiled-predicates.ts`. */
export function compileChecks(): { compiled: string; predicates: string } {
  const compiler = new Compiler();
  const groups: string[] = [];
  for (const [group, operations] of Object.entries(declarations)) {
    const entries: string[] = [];
    for (const [method, operation] of Object.entries(operations as Record<string, Operation>)) {
      const fields = [`name: ${JSON.stringify(operation.name)}`, `method: ${JSON.stringify(operation.method)}`, `path: ${JSON.stringify(operation.path)}`];
      if (operation.params) {
        const params = Object.entries(operation.params).map(([name, schema]) => `${name}: ${compiler.name(schema, `${operation.name} ${name}`)}`);
        fields.push(`params: { ${params.join(', ')} }`);
      }
      if (operation.query) fields.push(`query: ${compiler.name(operation.query, `${operation.name} query`)}`);
      if (operation.body) fields.push(`body: ${compiler.name(operation.body, `${operation.name} body`)}`);
      if (operation.file) fields.push(`file: ${JSON.stringify(operation.file)}`);
      if (answersWithId(operation)) fields.push('identified: true');
      entries.push(`  ${method}: { ${fields.join(', ')} },`);
    }
    groups.push(`export const ${group} = {\n${entries.join('\n')}\n} as const satisfies Record<string, CompiledOperation>;`);
  }
  const compiled = `${[
    '// Written by scripts/compile-checks.ts from the declarations of this folder (`npm run checks`): do not edit.',
    '/**',
    ' * Every operation declaration as the client runs it, without zod: its method, path and answer, and',
    ' * for each schema a request is checked against, a function that answers whether zod accepts the',
    ' * value (see `CompiledOperation`). The client loads this on its first call; zod and the',
    ' * declarations load only to word a refusal.',
    ' *',
    ' * @module',
    ' */',
    "import type { CompiledOperation } from '../core/operation.js';",
    "import * as p from './compiled-predicates.js';",
    '',
    '/** `util.isObject` of zod: an object that is not null or an array. */',
    "const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);",
    '/** `$ZodArray`: every index, holes included, passes `check`. */',
    'const every = (v: unknown[], check: (v: unknown) => boolean): boolean => {',
    '  for (let i = 0; i < v.length; i++) if (!check(v[i])) return false;',
    '  return true;',
    '};',
    '/** `handleCatchall`: every enumerable key `skip` does not name is `in` the object and passes `check`. */',
    'const rest = (v: Record<string, unknown>, skip: (k: string) => boolean, check: (v: unknown) => boolean): boolean => {',
    '  for (const k in v) if (!skip(k) && !(k in v && check(v[k]))) return false;',
    '  return true;',
    '};',
    '/** `util.codePointLength`: `$ZodCheckMinLength` and `$ZodCheckMaxLength` on a string count code points, not UTF-16 units. */',
    'const points = (v: string): number => {',
    '  let count = v.length;',
    '  for (let i = 0; i < v.length - 1; i++) {',
    '    if ((v.charCodeAt(i) & 0xfc00) === 0xd800 && (v.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {',
    '      count--;',
    '      i++;',
    '    }',
    '  }',
    '  return count;',
    '};',
    'const minPoints = (v: string, min: number): boolean => v.length >= 2 * min || (v.length >= min && points(v) >= min);',
    'const maxPoints = (v: string, max: number): boolean => v.length <= max || points(v) <= max;',
    '',
    ...compiler.source,
    '',
    ...groups,
  ].join('\n')}\n`;
  return { compiled, predicates: bundlePredicates() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { compiled, predicates } = compileChecks();
  writeFileSync(COMPILED_PATH, compiled);
  writeFileSync(COMPILED_PREDICATES_PATH, predicates);
  console.log(`wrote ${COMPILED_PATH} and ${COMPILED_PREDICATES_PATH}`);
}
