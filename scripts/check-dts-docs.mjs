/**
 * `npm run test:package` (after `npm run build`): proves on the SHIPPED declarations what a user's
 * editor shows. A small consumer file imports `dist/index.js` (ESM, `dist/index.d.ts`) and
 * `dist/index.cjs` (CJS, `dist/index.d.cts`); the TypeScript language service hovers its fields,
 * as an editor does, and each hover must carry the field's documentation, not `z.input<...>`.
 * The same consumer must not compile with a misspelt field: the input types are closed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A consumer of the package; a comment `@name` right before an identifier marks it for a hover. */
const consumer = (from) => `
import { Client } from '${from}';
declare const client: Client;
export const doc = client.documents.create({
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: [{ description: 'Servicio', quantity: 2, /*@unitPrice*/unitPrice: 100, igv: 36 }],
  /*@paymentTerms*/paymentTerms: { type: 'credit', /*@installments*/installments: [{ amount: 236, dueDate: '2026-12-21' }] },
  /*@detraction*/detraction: { code: '037', rate: 0.12, account: '00-011-123456' },
});
doc.then((d) => d.totals./*@taxInclusive*/taxInclusive);
export const account = client.account.retrieve().then((a) => a./*@tradeName*/tradeName);
export const customer = client.customers.create({ documentType: '6', documentNumber: '20131312955', /*@customerName*/name: 'ACME S.A.C.', /*@phone*/phone: '+51 1 555 0100' });
export const saved = client.customers.update('cus_1', { /*@customerEmail*/email: 'pagos@acme.pe' });
customer.then((c) => c./*@customerNumber*/documentNumber);
export const listed = client.customers.list({ /*@limit*/limit: 5 });
export const renamed = client.account.update({ /*@accountTradeName*/tradeName: 'Bodega Lucía' });
export const repriced = client.products.update('prod_1', { /*@productUnitPrice*/unitPrice: 12.5 });
export const events = client.events.list({ /*@eventsLimit*/limit: 5 });
declare const event: import('${from}').WebhookEvent;
export const when = event./*@eventCreatedAt*/createdAt;
`;

/** What each hover must say (independent words of the contract, not read from the sources). */
const EXPECTED = {
  unitPrice: /before tax/,
  paymentTerms: /Forma de pago/,
  installments: /cuotas/,
  detraction: /Detracción \(SPOT/,
  taxInclusive: /Precio de venta/,
  tradeName: /nombre comercial/,
  phone: /as you would dial it/,
  customerName: /razón social/,
  customerEmail: /emailed/,
  customerNumber: /RUC|DNI/,
  limit: /Items per page/,
  accountTradeName: /nombre comercial/,
  productUnitPrice: /before tax/,
  eventsLimit: /Items per page/,
  eventCreatedAt: /When it happened/,
};

/** A misspelt field must be a compile error, not a silent send. */
const misspelt = (from) => `
import { Client } from '${from}';
declare const client: Client;
const customer = { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' } as const;
client.documents.create({ type: '01', series: 'F001', customer, curency: 'USD', items: [{ description: 'Servicio', quantity: 1, unitPrice: 100, igv: 18 }] });
client.documents.create({ type: '01', series: 'F001', customer, items: [{ description: 'Servicio', quantity: 1, unitPrice: 100, igv: 18, igvAfectation: '20' }] });
client.customers.create({ ...customer, nmae: 'ACME' });
`;

const options = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

function service(files) {
  const host = {
    getScriptFileNames: () => Object.keys(files),
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = files[name] ?? (ts.sys.fileExists(name) ? ts.sys.readFile(name) : undefined);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (name) => name in files || ts.sys.fileExists(name),
    readFile: (name) => files[name] ?? ts.sys.readFile(name),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

const failures = [];
for (const [from, declarations] of [
  ['./dist/index.js', 'dist/index.d.ts'],
  ['./dist/index.cjs', 'dist/index.d.cts'],
]) {
  readFileSync(join(root, declarations)); // fails clearly when the package is not built
  const hoverFile = join(root, '__dts_docs_check__.ts');
  const typoFile = join(root, '__dts_docs_typo__.ts');
  const text = consumer(from);
  const ls = service({ [hoverFile]: text, [typoFile]: misspelt(from) });

  const errors = ls.getSemanticDiagnostics(hoverFile).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (errors.length > 0) failures.push(`${declarations}: the consumer does not compile: ${errors.join('; ')}`);

  for (const [name, expected] of Object.entries(EXPECTED)) {
    const position = text.indexOf(`/*@${name}*/`) + `/*@${name}*/`.length;
    const info = ls.getQuickInfoAtPosition(hoverFile, position);
    const shown = ts.displayPartsToString(info?.displayParts ?? []);
    const docs = ts.displayPartsToString(info?.documentation ?? []);
    if (!expected.test(docs)) failures.push(`${declarations}: hovering ${name} shows "${shown}" with the docs "${docs}", not ${expected}`);
    else console.log(`${declarations}: ${name}: ${docs.split('\n')[0]}`);
    if (/z\.(input|infer|output)</.test(shown)) failures.push(`${declarations}: hovering ${name} shows a zod type: ${shown}`);
  }

  const typos = ls.getSemanticDiagnostics(typoFile).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  for (const field of ['curency', 'igvAfectation', 'nmae']) {
    if (!typos.some((message) => message.includes(`'${field}'`))) failures.push(`${declarations}: a misspelt '${field}' compiles`);
  }
}

if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log('check-dts-docs: every hover carries its field docs; misspelt fields do not compile.');
