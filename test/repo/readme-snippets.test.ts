/**
 * A newcomer copies the docs' TypeScript blocks: each must compile against the SDK as it is.
 * Every ```ts block of README.md, README.es.md and the pages of docs/ (docs/*.md, where the README
 * sends its reader for the long form) is type-checked as a module of its own (with the
 * repository's compiler options, `yupana` resolved to src/), beside ambient declarations of
 * the names the blocks use without defining them (a `client`, the create `params`, your own
 * `orders`...): a block that defines a name shadows its declaration. A method or option renamed,
 * or a type narrowed, without its block fails here, naming the page and line.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = [
  'README.md',
  'README.es.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The names blocks use as given: what a reader's own code around the block would hold. */
const CONTEXT = `
import type * as Y from 'yupana';
import type * as T from 'yupana/testing';
type Order = { id: string; customer: Y.DocumentCreateParams['customer']; items: Y.DocumentCreateParams['items'] };
declare global {
  const Client: typeof Y.Client;
  const client: Y.Client;
  const params: Y.DocumentCreateParams;
  const body: Y.DocumentCreateParams;
  const bodies: Y.DocumentCreateParams[];
  const doc: Y.Document;
  const onCredit: Y.Document;
  const id: string;
  const order: Order;
  const orders: Order[];
  const customer: Y.DocumentCreateParams['customer'];
  const request: Request;
  const rawBody: string;
  const secret: string;
  const apiKey: string;
  const createdAt: string;
  const sandbox: T.MockSandbox;
  const MOCK_API_KEY: typeof T.MOCK_API_KEY;
  const createMockSandbox: typeof T.createMockSandbox;
  const startMockServer: typeof T.startMockServer;
  const server: import('msw/node').SetupServerApi;
  const queue: { send(message: unknown): Promise<void> };
  const metrics: { timing(name: string, tags: Record<string, unknown>): void };
  function boletas(): Generator<Y.DocumentCreateParams>;
  function pino(): Y.Logger;
  function log(...values: unknown[]): void;
  function save(...values: unknown[]): void;
  function guardar(...values: unknown[]): void;
  function billOrder(client: Y.Client, order: { id: string }): Promise<void>;
  function markOutcome(document: Y.Document): void;
  function retryLater(...values: unknown[]): void;
  function reintentarLuego(...values: unknown[]): void;
  function scheduleLater(seconds: number | undefined): void;
  function currentTraceparent(): string;
  const afterAll: typeof import('vitest').afterAll;
  const afterEach: typeof import('vitest').afterEach;
  const beforeAll: typeof import('vitest').beforeAll;
  const test: typeof import('vitest').test;
  const expect: typeof import('vitest').expect;
}
export {};
`;

interface Block {
  page: string;
  /** The page's line of the block's first line of code. */
  line: number;
  code: string;
}

function blocksOf(page: string): Block[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```ts') continue;
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1] !== '```') i++;
    // `{ ... }` stands for "your fields" in prose-like blocks: an empty object for the compiler.
    blocks.push({
      page,
      line: start + 1,
      code: lines
        .slice(start, i + 1)
        .join('\n')
        .replaceAll('{ ... }', '{}'),
    });
  }
  return blocks;
}

// Inside the repository, so that the blocks' own imports (`msw/node`) resolve from node_modules.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(join(root, 'node_modules/.cache/readme-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the TypeScript blocks of the READMEs and docs/ compile against the SDK', () => {
  it('every block type-checks (each a module, with the context a reader has)', () => {
    expect(PAGES).toContain('docs/documents.md');
    const blocks = PAGES.flatMap(blocksOf);
    expect(blocks.length).toBeGreaterThan(40);
    const files = new Map<string, Block>();
    blocks.forEach((block, n) => {
      const file = join(dir, `block${n}.ts`);
      writeFileSync(file, `${block.code}\nexport {};\n`);
      files.set(file, block);
    });
    const context = join(dir, 'context.d.ts');
    writeFileSync(context, CONTEXT);
    const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const program = ts.createProgram([context, ...files.keys()], { ...config!.options, noUnusedLocals: false, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file && (files.has(diagnostic.file.fileName) || diagnostic.file.fileName === context))
      .map((diagnostic) => {
        const block = files.get(diagnostic.file!.fileName);
        const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        const where = block ? `${block.page}:${block.line + line}` : 'context.d.ts';
        return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
    expect(problems).toEqual([]);
  }, 180_000);
});
