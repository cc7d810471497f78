/**
 * `yupana issue ventas.csv`: CSV as Excel exports it, run in this process through the command's IO
 * seam against the mock server on loopback. Everything that holds for JSON Lines holds here:
 * exactly once across runs, resume, refusals before anything is sent, exit codes.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOutPath } from '../../src/cli/issue/args.js';
import { parseDate, parseNumber } from '../../src/cli/issue/csv.js';
import type { DocumentCreateParams } from '../../src/index.js';
import { type MockFault, type MockServer, type RecordedRequest, startMockServer } from '../../src/testing/index.js';
import { advisedCommands, readRecords, runIn, SUMMARY } from './cli-helpers.js';

let mock: MockServer;
let dir: string;
let faultFor: (request: RecordedRequest) => MockFault | undefined = () => undefined;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, fault: (request) => faultFor(request) });
  dir = await mkdtemp(join(tmpdir(), 'yupana-csv-'));
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

/** The create bodies the API received, in order. */
const created = () => mock.sandbox.requests.filter((r) => r.method === 'POST').map((r) => r.body as DocumentCreateParams);
const posts = () => created().length;
/** The documents the sandbox holds for customer document number `number`. */
const documentsFor = (number: string) => mock.sandbox.documents().filter((d) => d.customer.documentNumber === number);
const summaryOf = (stderr: string) => SUMMARY.exec(stderr.replace(/ documents, /, ' lines, '))?.slice(1, 8);

const HEADER = 'document;type;series;customer.documentType;customer.documentNumber;customer.name;item.description;item.quantity;item.unitPrice;item.igv';
/** A row of boleta `document` for DNI `dni`, `;` and a decimal comma. */
const row = (document: string, dni: string, name: string, description: string, quantity: string, unitPrice: string, igv: string) =>
  `${document};03;B001;1;${dni};${name};${description};${quantity};${unitPrice};${igv}`;
let cases = 0;
async function csvFile(content: string | Buffer, name = 'ventas.csv'): Promise<string> {
  const folder = join(dir, `case-${++cases}`);
  await mkdir(folder, { recursive: true });
  const file = join(folder, name);
  await writeFile(file, content);
  return file;
}
const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('yupana issue <file.csv>', () => {
  it('issues examples/ventas.csv: one document per value of its document column, each row a line item, its numbers read with a decimal comma', async () => {
    const file = join(dir, 'example', 'ventas.csv');
    await mkdir(join(dir, 'example'), { recursive: true });
    await copyFile('examples/ventas.csv', file);
    const before = posts();
    const run = await runIn(['issue', file], mock.url);
    expect([run.code, run.stdout], run.stderr).toEqual([0, '']);
    expect(run.stderr).toMatch(/^yupana issue: 3 documents, 3 issued, 0 replayed, 0 failed, 0 skipped \(already issued\) in /m);
    expect(run.stderr).toContain(`results in ${file}.results.jsonl`);
    expect(created().slice(before)).toEqual([
      {
        type: '01',
        series: 'F001',
        customer: { documentType: '6', documentNumber: '20131312955', name: 'Inversiones Ñaña S.A.C.', address: 'Av. Arequipa 1234, Lima' },
        items: [
          { description: 'Café orgánico 1 kg', quantity: 3, unitPrice: 45, igv: 24.3 },
          // A quoted field keeps its newline and its semicolon-free text as Excel wrote it.
          { description: 'Filtro de papel N.° 4\r\n(caja de 100)', quantity: 2, unitPrice: 8.5, igv: 3.06 },
        ],
      },
      {
        type: '03',
        series: 'B001',
        customer: { documentType: '1', documentNumber: '45678912', name: 'María Ñahui Quispe' },
        items: [
          { description: 'Pan francés', quantity: 10, unitPrice: 0.5, igv: 0.9 },
          { description: 'Leche evaporada 400 g', quantity: 2, unitPrice: 4.25, igv: 1.53 },
        ],
      },
      {
        type: '03',
        series: 'B001',
        customer: { documentType: '1', documentNumber: '40123456', name: 'José Álvarez Peña' },
        items: [{ description: 'Azúcar rubia 1 kg', quantity: 1, unitPrice: 3.4, igv: 0.61 }],
      },
    ]);
    // Each document is recorded at its first row's line, counted as an editor counts (the quoted newline included).
    expect((await readRecords(defaultOutPath(file))).results.map((r) => [r.line, r.ok])).toEqual([
      [2, true],
      [5, true],
      [7, true],
    ]);
    const again = await runIn(['issue', file], mock.url);
    expect([again.code, summaryOf(again.stderr)]).toEqual([0, ['3', '0', '0', '0', '3', undefined, undefined]]);
    expect(posts()).toBe(before + 3);
  });

  it('reads Windows-1252 (ñ, á), and takes the same documents re-saved as UTF-8 with a BOM, with commas and a decimal point, as the same: nothing issued twice', async () => {
    const rows = [HEADER, row('1', '41000001', 'Peña Muñoz', 'Té verde', '2', '1,50', '0,54'), row('2', '41000002', 'Núñez Ávila', 'Café', '1', '1.234,50', '222,21')];
    const file = await csvFile(Buffer.from(crlf(...rows), 'latin1'));
    const first = await runIn(['issue', file], mock.url);
    expect(first.code, first.stderr).toBe(0);
    expect(documentsFor('41000001').map((d) => [d.customer.name, d.items[0]!.description])).toEqual([['Peña Muñoz', 'Té verde']]);
    expect(documentsFor('41000002').map((d) => d.items[0]!.unitPrice)).toEqual([1234.5]);
    // Opened in Excel and saved as "CSV UTF-8" in another locale: a BOM, commas, a decimal point, quotes where a comma is.
    const resaved = [HEADER.replaceAll(';', ','), '1,03,B001,1,41000001,Peña Muñoz,Té verde,2,1.50,0.54', '2,03,B001,1,41000002,"Núñez Ávila",Café,1,"1,234.50",222.21'];
    await writeFile(file, `\uFEFF${crlf(...resaved)}`);
    const sent = posts();
    const again = await runIn(['issue', file], mock.url);
    expect([again.code, summaryOf(again.stderr)], again.stderr).toEqual([0, ['2', '0', '0', '0', '2', undefined, undefined]]);
    expect(posts()).toBe(sent);
  });

  it('fails a document whose rows disagree, whose number is not one as the file writes them, or whose rows are apart, naming the line and the column; issues the others and exits 1', async () => {
    const file = await csvFile(
      crlf(
        HEADER,
        row('A', '42000001', 'Ana', 'Pan', '1', '1,00', '0,18'),
        row('A', '42000001', 'Ana María', 'Leche', '1', '1,00', '0,18'),
        row('B', '42000002', 'Beto', 'Pan', '1', '1.00', '0,18'),
        row('C', '42000003', 'Carla', 'Pan', '1', '1,00', '0,18'),
        row('B', '42000002', 'Beto', 'Agua', '1', '1,00', '0,18'),
        row('', '42000004', 'Dina', 'Pan', '1', '1,00', '0,18'),
      ),
    );
    const sent = posts();
    const run = await runIn(['issue', file], mock.url);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('yupana issue: line '))).toEqual([
      'yupana issue: line 2: line 3 (document A): customer.name is "Ana María", and line 2 of the same document has "Ana": a document has one customer.name',
      'yupana issue: line 4: line 4 (document B): item.unitPrice is "1.00", not a number as this file writes them (1234,56 or 1.234,56: a decimal comma, as in a file with ;)',
      "yupana issue: line 6: line 6: rows of document B are apart (other documents' rows come between): sort the file by document, so that each document's rows are together",
      'yupana issue: line 7: line 7: document is empty: each row names the document it is a line of',
    ]);
    expect(posts()).toBe(sent + 1);
    expect(documentsFor('42000003')).toHaveLength(1);
  });

  it('maps the file’s own headers with --columns, and refuses a header that fills no field before sending anything (exit 2), naming what to do', async () => {
    const content = crlf(
      'Pedido;Tipo;Serie;Tipo doc.;DNI;Cliente;Producto;Cant.;Valor unit.;IGV;Observaciones',
      '77;03;B001;1;43000001;Rosa;Pan;3;0,50;0,27;entregar mañana',
    );
    const file = await csvFile(content);
    const sent = posts();
    const refused = await runIn(['issue', file], mock.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'column(s) "Pedido", "Tipo", "Serie", "Tipo doc.", "DNI", "Cliente", "Producto", "Cant.", "Valor unit.", "IGV", "Observaciones" fill no field',
    );
    expect(refused.stderr).toContain('map it with --columns <field>=<header>, name it metadata.<key> to keep it with the document, or delete the column');
    const columns =
      'document=Pedido,type=Tipo,series=Serie,customer.documentType=Tipo doc.,customer.documentNumber=DNI,customer.name=Cliente,' +
      'item.description=Producto,item.quantity=Cant.,item.unitPrice=Valor unit.,item.igv=IGV,metadata.observaciones=Observaciones';
    const mapped = await runIn(['issue', file, '--columns', columns], mock.url);
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(created().slice(sent)).toEqual([
      {
        type: '03',
        series: 'B001',
        customer: { documentType: '1', documentNumber: '43000001', name: 'Rosa' },
        metadata: { observaciones: 'entregar mañana' },
        items: [{ description: 'Pan', quantity: 3, unitPrice: 0.5, igv: 0.27 }],
      },
    ]);
    // A refusal names the command that resumes with the mapping, --columns included.
    await writeFile(file, content.replace('43000001', '43000009'));
    const changed = await runIn(['issue', file, '--columns', columns], mock.url);
    expect(changed.code).toBe(2);
    const [fresh] = advisedCommands(changed.stderr);
    expect(fresh).toEqual(['issue', file, '--out', `${file}.results-2.jsonl`, '--columns', columns]);
  });

  it('refuses an Excel workbook or a UTF-16 file saved as .csv before anything is sent, saying how to save it', async () => {
    const sent = posts();
    const workbook = await csvFile(Buffer.from('PK\x03\x04\x14\x00\x06\x00rest', 'latin1'));
    const utf16 = await csvFile(Buffer.from(`\uFEFF${crlf(HEADER)}`, 'utf16le'));
    for (const [file, words] of [
      [workbook, 'is a ZIP archive, as an Excel workbook (.xlsx) is'],
      [utf16, 'is UTF-16'],
    ] as const) {
      const run = await runIn(['issue', file], mock.url);
      expect([run.code, run.stderr]).toEqual([2, expect.stringContaining(words)]);
      expect(run.stderr).toContain('save it from Excel as "CSV UTF-8"');
    }
    expect(posts()).toBe(sent);
  });

  it('gives ventas.csv and ventas.jsonl beside it results files of their own', async () => {
    const file = await csvFile(crlf(HEADER, row('1', '44000001', 'Luz', 'Pan', '1', '1,00', '0,18')));
    const jsonl = file.replace(/\.csv$/, '.jsonl');
    await writeFile(
      jsonl,
      `${JSON.stringify({ type: '03', series: 'B001', customer: { documentType: '1', documentNumber: '44000002', name: 'Sol' }, items: [{ description: 'Pan', quantity: 1, unitPrice: 1, igv: 0.18 }] })}\n`,
    );
    expect((await runIn(['issue', file], mock.url)).code).toBe(0);
    expect((await runIn(['issue', jsonl], mock.url)).code).toBe(0);
    expect((await readRecords(`${file}.results.jsonl`)).results).toHaveLength(1);
    expect((await readRecords(`${jsonl}.results.jsonl`)).results).toHaveLength(1);
    expect([documentsFor('44000001'), documentsFor('44000002')].map((d) => d.length)).toEqual([1, 1]);
  });
});

describe('yupana issue <file.csv> across runs', () => {
  it('resumes after failed documents: a row deleted and a document inserted between runs re-key no other document, and nothing is issued twice', async () => {
    const rows = [
      HEADER,
      row('1', '45000001', 'Uno', 'Pan', '1', '1,00', '0,18'),
      row('2', '45000002', 'Dos', 'Pan', '1', '1,00', '0,18'),
      row('2', '45000002', 'Dos', 'Sin precio', '1', 'gratis', '0,18'),
      row('3', '45000003', 'Tres', 'Pan', '1', '1,00', '0,18'),
    ];
    const file = await csvFile(crlf(...rows));
    faultFor = (request) => ((request.body as DocumentCreateParams | undefined)?.customer?.documentNumber === '45000003' ? { status: 503 } : undefined);
    const first = await runIn(['issue', file], mock.url);
    faultFor = () => undefined;
    expect([first.code, summaryOf(first.stderr)]).toEqual([1, ['3', '1', '0', '2', '0', undefined, undefined]]);
    // The operator deletes the bad row of document 2, and inserts document 0 at the top.
    const fixed = [HEADER, row('0', '45000000', 'Cero', 'Pan', '1', '1,00', '0,18'), rows[1]!, rows[2]!, rows[4]!];
    await writeFile(file, crlf(...fixed));
    const second = await runIn(['issue', file], mock.url);
    expect([second.code, summaryOf(second.stderr)], second.stderr).toEqual([0, ['4', '3', '0', '0', '1', undefined, undefined]]);
    expect(['45000000', '45000001', '45000002', '45000003'].map((n) => documentsFor(n).length)).toEqual([1, 1, 1, 1]);
    expect(documentsFor('45000002')[0]!.items.map((i) => i.description)).toEqual(['Pan']);
    // Each result is recorded at its document's first row as the file had it at that run (in the order they finished).
    const results = (await readRecords(defaultOutPath(file))).results.map((r) => `${r.line} ${r.ok}`);
    expect([results.slice(0, 3).sort(), results.slice(3).sort()]).toEqual([
      ['2 true', '3 false', '5 false'],
      ['2 true', '4 true', '5 true'],
    ]);
  });

  it("refuses next month's file under the same name, with the command that gives it a results file of its own; followed, it issues each document once", async () => {
    const file = await csvFile(crlf(HEADER, row('1', '46000001', 'Mes', 'Pan', '1', '1,00', '0,18')));
    expect((await runIn(['issue', file], mock.url)).code).toBe(0);
    await writeFile(file, crlf(HEADER, row('1', '46000002', 'Otro mes', 'Pan', '1', '1,00', '0,18')));
    const sent = posts();
    const refused = await runIn(['issue', file], mock.url);
    expect(refused.code).toBe(2);
    expect(posts()).toBe(sent);
    const [fresh, ...rest] = advisedCommands(refused.stderr);
    expect([fresh, rest]).toEqual([['issue', file, '--out', `${file}.results-2.jsonl`], []]);
    const followed = await runIn(fresh!, mock.url);
    expect([followed.code, summaryOf(followed.stderr)]).toEqual([0, ['1', '1', '0', '0', '0', undefined, undefined]]);
    expect((await runIn(fresh!, mock.url)).code).toBe(0);
    expect(['46000001', '46000002'].map((n) => documentsFor(n).length)).toEqual([1, 1]);
    expect(await readFile(defaultOutPath(file), 'utf8')).not.toContain('46000002');
  });
});

describe('CSV values', () => {
  it('reads numbers as the file writes them: a decimal comma in a ; file, a decimal point in a , file, thousands only in groups of three', () => {
    const comma = ['1', '0,5', '-12,75', '1.234,56', '1.234.567', '+3'].map((text) => parseNumber(text, true));
    expect(comma).toEqual([1, 0.5, -12.75, 1234.56, 1234567, 3]);
    const point = ['1', '0.5', '1,234.56', '1,234,567'].map((text) => parseNumber(text, false));
    expect(point).toEqual([1, 0.5, 1234.56, 1234567]);
    for (const text of ['1.50', '1,5.0', '12.34,5', '1 234', 'S/ 3,00', '', '1e3', ',5']) expect(parseNumber(text, true), text).toBeUndefined();
    for (const text of ['1,50', '1.234,5', '1,23', '']) expect(parseNumber(text, false), text).toBeUndefined();
  });

  it('reads a date as YYYY-MM-DD or as Peru writes it, DD/MM/YYYY; anything else is left for the API to name', () => {
    expect(['2026-11-24', '24/11/2026', '1/2/2026', '24-11-2026'].map(parseDate)).toEqual(['2026-11-24', '2026-11-24', '2026-02-01', '24-11-2026']);
  });
});
