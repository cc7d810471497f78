/**
 * The "Every resource" table of docs/resources.md is written from the operation declarations
 * (scripts/resource-table.ts): it fails here while the page holds another table, or while the
 * README no longer links the page, and the generator's rows are checked against rows written out
 * by hand.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { answerOf, callOf, END, PAGE, resourceTable, START, withResourceTable } from '../../scripts/resource-table.js';
import { Customer, CustomerUpdateParams } from '../../src/models/customer.js';
import { Document } from '../../src/models/document.js';
import { Event } from '../../src/models/event.js';

describe('the "Every resource" table of docs/resources.md', () => {
  it('is the table the declarations give: run `npm run readme:resources` when this fails', () => {
    const page = readFileSync(PAGE, 'utf8');
    expect(page, 'docs/resources.md’s "Every resource" table is stale: run `npm run readme:resources`').toBe(withResourceTable(page));
    expect(page.startsWith('# Every resource\n')).toBe(true);
    expect(page.indexOf(START)).toBeGreaterThan(0);
  });

  it('is linked from the README, where a user looks for the resources', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('](docs/resources.md)');
  });

  it('has a row per operation, written as a user reads it', () => {
    const rows = resourceTable().split('\n');
    expect(rows).toContain('| `customers` (`cus_`) | `create(body)` | `POST /v1/customers` | `Customer` |');
    expect(rows).toContain('| | `update(id, body)` | `PATCH /v1/customers/{id}` | `Customer` |');
    expect(rows).toContain('| | `list({ limit, cursor, type, documentId })` | `GET /v1/events` | `PagePromise<Event>` |');
    expect(rows).toContain('| | `pdf(id, { format })` | `GET /v1/documents/{id}/pdf` | `Uint8Array` (PDF) |');
    expect(rows).toContain('| `lookups` | `ruc(number)` | `GET /v1/lookups/ruc/{number}` | `RucLookup` |');
    expect(rows).toContain('| `exchangeRates` | `retrieve(date)` | `GET /v1/exchange-rates/{date}` | `ExchangeRate` |');
  });

  it('names a call and its answer from the declaration alone', () => {
    expect(callOf({ name: 'things.update', path: '/v1/things/{id}/parts/{part}', body: CustomerUpdateParams })).toBe('update(id, part, body)');
    expect(callOf({ name: 'things.list', path: '/v1/things', query: z.object({ limit: z.number(), color: z.string() }) })).toBe('list({ limit, color })');
    expect(answerOf({ responses: { 201: Document, 202: Document, 404: Customer } })).toBe('`Document`');
    expect(answerOf({ list: Event })).toBe('`PagePromise<Event>`');
    expect(answerOf({ file: 'application/xml' })).toBe('`string` (XML)');
  });

  it('sits between its markers, so that the rest of the page is left as written', () => {
    const readme = `# x\n${START}\nold\n${END}\nafter\n`;
    expect(withResourceTable(readme)).toBe(`# x\n${START}\n${resourceTable()}\n${END}\nafter\n`);
    expect(() => withResourceTable('# no markers\n')).toThrow('docs/resources.md lacks the markers');
  });
});
