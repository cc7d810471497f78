/**
 * The "Every resource" table of docs/resources.md (linked from the README's Documents section),
 * written from the operation declarations (`src/operations/`, in the contract's order:
 * scripts/openapi/operations.ts): one row per operation, its method as a user calls it, its HTTP
 * method and path, and what it answers, named as `yupana/schemas` exports it.
 * `npm run readme:resources` writes it between the page's markers; test/repo/resource-table.test.ts
 * fails while the page's table is not what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as z from 'zod/mini';
import type { Operation } from '../src/core/operation.js';
import * as schemas from '../src/schemas.js';
import { IDS } from './openapi/examples.js';
import { OPERATIONS } from './openapi/operations.js';

/** The page that holds the table, and the markers the table sits between. */
export const PAGE = fileURLToPath(new URL('../docs/resources.md', import.meta.url));
export const START = '<!-- every-resource:start (npm run readme:resources writes this table) -->';
export const END = '<!-- every-resource:end -->';

/** What a file answer is, by media type, as the method resolves it. */
const FILE_TYPES = { 'application/xml': '`string` (XML)', 'application/pdf': '`Uint8Array` (PDF)' } as const;

/** The name `yupana/schemas` exports `schema` under. */
function nameOf(schema: z.ZodMiniType): string {
  const found = Object.entries(schemas).find(([, value]) => value === schema);
  if (!found) throw new Error('a schema an operation answers is not exported from src/schemas.ts');
  return found[0];
}

/** The keys of an object schema, `{ limit, cursor }`. */
function keysOf(schema: z.ZodMiniType): string {
  const shape = (schema._zod.def as { shape?: object }).shape;
  if (!shape) throw new Error('a query schema is not an object schema');
  return `{ ${Object.keys(shape).join(', ')} }`;
}

/** How a user calls `operation`: its path's parameters, its body, its filters, `update(id, body)`. */
export function callOf(operation: Pick<Operation, 'name' | 'path' | 'body' | 'query'>): string {
  const method = operation.name.slice(operation.name.indexOf('.') + 1);
  const params = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  if (operation.body) params.push('body');
  if (operation.query) params.push(keysOf(operation.query));
  return `${method}(${params.join(', ')})`;
}

/** What `operation` answers, as the method resolves it: a model, a page of them, or a file. */
export function answerOf(operation: Pick<Operation, 'responses' | 'list' | 'file'>): string {
  if (operation.file) return FILE_TYPES[operation.file];
  if (operation.list) return `\`PagePromise<${nameOf(operation.list)}>\``;
  const names = [
    ...new Set(
      Object.entries(operation.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .map(([, schema]) => nameOf(schema)),
    ),
  ];
  return names.map((name) => `\`${name}\``).join(' or ');
}

/** The resource of `operation` as the table names it: its client property, and its ids' prefix (`cus_`). */
function resourceOf(operation: Operation): string {
  const property = operation.name.slice(0, operation.name.indexOf('.'));
  const segment = operation.path.split('/')[2]!;
  const id = (IDS as Record<string, string>)[segment];
  return id ? `\`${property}\` (\`${id.slice(0, id.indexOf('_') + 1)}\`)` : `\`${property}\``;
}

/** The table, one row per declared operation, a resource named on its first row only. */
export function resourceTable(): string {
  const rows = ['| Resource | Method | HTTP | Returns |', '|---|---|---|---|'];
  let previous: string | undefined;
  for (const operation of OPERATIONS) {
    const declared = operation as unknown as Operation;
    const resource = resourceOf(declared);
    rows.push(
      `|${resource === previous ? ' ' : ` ${resource} `}| \`${callOf(declared)}\` | \`${operation.method.toUpperCase()} ${operation.path}\` | ${answerOf(declared)} |`,
    );
    previous = resource;
  }
  return rows.join('\n');
}

/** `page` with the text between its markers replaced by {@link resourceTable}. */
export function withResourceTable(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start === -1 || end < start) throw new Error(`docs/resources.md lacks the markers ${START} … ${END}`);
  return `${page.slice(0, start + START.length)}\n${resourceTable()}\n${page.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(PAGE, withResourceTable(readFileSync(PAGE, 'utf8')));
  console.log(`Wrote the "Every resource" table of docs/resources.md: ${OPERATIONS.length} operations.`);
}
