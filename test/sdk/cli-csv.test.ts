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
import { type CsvDialect, type CsvDocument, parseColumnMapping, parseDate, parseNumber, readCsvDocuments, sniffCsv } from '../../src/cli/issue/csv.js';
import type { DocumentCreateParams } from '../../src/index.js';
import { type MockFault, type MockServer, type RecordedRequest, startMockServer } from '../../src/testing/index.js';
import { advisedCommands, readRecords, runIn, SUMMARY, sha256 } from './cli-helpers.js';

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
    const comma = ['1', '0,5', '-12,75', '1.234,56', '1.234.567', '+3', '12.345,6', '123.456.789'].map((text) => parseNumber(text, true));
    expect(comma).toEqual([1, 0.5, -12.75, 1234.56, 1234567, 3, 12345.6, 123456789]);
    const point = ['1', '0.5', '1,234.56', '1,234,567', '12,345.6', '123,456,789', '+3', '-0.5'].map((text) => parseNumber(text, false));
    expect(point).toEqual([1, 0.5, 1234.56, 1234567, 12345.6, 123456789, 3, -0.5]);
    for (const text of ['1.50', '1,5.0', '12.34,5', '1 234', 'S/ 3,00', '', '1e3', ',5']) expect(parseNumber(text, true), text).toBeUndefined();
    for (const text of ['1,50', '1.234,5', '1,23', '']) expect(parseNumber(text, false), text).toBeUndefined();
  });

  it('reads a date as YYYY-MM-DD or as Peru writes it, DD/MM/YYYY; anything else is left for the API to name', () => {
    expect(['2026-11-24', '24/11/2026', '1/2/2026', '4/5/2026', '24-11-2026'].map(parseDate)).toEqual([
      '2026-11-24',
      '2026-11-24',
      '2026-02-01',
      '2026-05-04',
      '24-11-2026',
    ]);
    // A date with a time, or a number before the day: not a date as Peru writes it, left as written.
    expect(['24/11/2026 10:30', '124/11/2026', 'x1/2/2026', '1/2/20267'].map(parseDate)).toEqual(['24/11/2026 10:30', '124/11/2026', 'x1/2/2026', '1/2/20267']);
  });
});

describe('--columns', () => {
  it('reads field=Header pairs around spaces, a comma inside a header, metadata keys as written', () => {
    const mapping = parseColumnMapping(['document = Pedido , item.quantity = Cant.', 'customer.name=Razón, social', 'Metadata.Obra=Obra']);
    expect([...mapping]).toEqual([
      ['document', 'Pedido'],
      ['item.quantity', 'Cant.'],
      ['customer.name', 'Razón, social'],
      ['metadata.Obra', 'Obra'],
    ]);
  });

  it('refuses a pair without a header, without a field, with a field that is not one, or a field named twice', () => {
    expect(() => parseColumnMapping(['item.quantity='])).toThrow(
      '--columns takes field=Header pairs, e.g. --columns item.quantity=Cantidad,document=Pedido; got "item.quantity="',
    );
    expect(() => parseColumnMapping(['Cantidad'])).toThrow('--columns takes field=Header pairs, e.g. --columns item.quantity=Cantidad,document=Pedido; got "Cantidad"');
    expect(() => parseColumnMapping(['=Cant.'])).toThrow('--columns =Cant.: "" is not a field (the fields: document, type, series, ');
    expect(() => parseColumnMapping(['item.quantity=Cant., bogus = X'])).toThrow('--columns  bogus = X: "bogus" is not a field (the fields: document, ');
    expect(() => parseColumnMapping(['metadata.=Obs'])).toThrow('--columns metadata.=Obs: "metadata." is not a field');
    expect(() => parseColumnMapping(['item.quantity=Cant.', 'Item.Quantity=Cantidad'])).toThrow('--columns names item.quantity twice');
  });
});

describe('sniffing a CSV file', () => {
  it('refuses an empty file, or one whose first line is blank, as having no header', async () => {
    for (const content of ['', `\r\n${crlf(HEADER)}`]) {
      const file = await csvFile(content);
      await expect(sniffCsv(file)).rejects.toMatchObject({
        name: 'CsvFileError',
        message: `${file} has no header on its first line: name the field each column fills (the fields: document, type, series, currency, issueDate, dueDate, operationType, purchaseOrder, exchangeRate, customer.documentType, customer.documentNumber, customer.name, customer.address, customer.email, item.description, item.quantity, item.unitPrice, item.igv, item.code, item.sunatProductCode, item.unitCode, item.igvAffectation, item.referenceValue, item.icbper, metadata.<key>)`,
      });
    }
  });

  it('refuses UTF-16 big-endian as it does little-endian, and does not take a Windows-1252 header starting with ÿ or þ for UTF-16', async () => {
    const bigEndian = await csvFile(Buffer.from(`\uFEFF${crlf(HEADER)}`, 'utf16le').swap16());
    await expect(sniffCsv(bigEndian)).rejects.toMatchObject({ name: 'CsvFileError', message: expect.stringContaining('is UTF-16 ("Unicode text")') });
    for (const start of ['ÿA', 'Aþ', 'þA', 'Aÿ']) {
      const file = await csvFile(Buffer.from(crlf(`${start};item.description`, '1;Pan'), 'latin1'));
      expect(await sniffCsv(file), start).toEqual({ encoding: 'windows-1252', delimiter: ';' });
    }
  });

  it('takes a file whose last byte is a Windows-1252 letter (Café, no final newline) as Windows-1252', async () => {
    const file = await csvFile(Buffer.from('document;item.description\r\n1;Café', 'latin1'));
    expect(await sniffCsv(file)).toEqual({ encoding: 'windows-1252', delimiter: ';' });
  });

  it('takes a UTF-8 file longer than a read (64 KiB) with an ñ across the boundary as UTF-8', async () => {
    const start = 'document;item.description\n1;';
    const content = Buffer.from(`${start}${'x'.repeat(65_535 - start.length)}ñ\n`);
    expect(content.subarray(65_535, 65_537)).toEqual(Buffer.from('ñ'));
    expect(await sniffCsv(await csvFile(content))).toEqual({ encoding: 'utf-8', delimiter: ';' });
  });

  it('reads a header without a newline, and a header of one column as a , file', async () => {
    expect(await sniffCsv(await csvFile('document;item.description'))).toEqual({ encoding: 'utf-8', delimiter: ';' });
    expect(await sniffCsv(await csvFile(crlf('item.description', 'Pan')))).toEqual({ encoding: 'utf-8', delimiter: ',' });
  });
});

const SEMICOLON: CsvDialect = { encoding: 'utf-8', delimiter: ';' };
/** The documents of `content` read as `dialect`, its bytes given in chunks cut at `cuts`. */
async function documentsOf(content: string | Buffer, dialect = SEMICOLON, mapping: ReadonlyMap<string, string> = new Map(), cuts: number[] = []): Promise<CsvDocument[]> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const edges = [0, ...cuts, bytes.length];
  async function* chunks() {
    for (let i = 1; i < edges.length; i++) yield bytes.subarray(edges[i - 1], edges[i]);
  }
  const documents: CsvDocument[] = [];
  for await (const document of readCsvDocuments(chunks(), dialect, mapping)) documents.push(document);
  return documents;
}
const boleta03 = (dni: string, name: string, items: Record<string, unknown>[]) => ({
  type: '03',
  series: 'B001',
  customer: { documentType: '1', documentNumber: dni, name },
  items,
});
const bodyDocument = (line: number, name: string, body: object) => ({ line, name, sha256: sha256(JSON.stringify(body)), blank: false, input: { kind: 'body', body } });
const invalidDocument = (line: number, name: string, raw: string, message: string) => ({
  line,
  name,
  sha256: sha256(raw),
  blank: false,
  input: { kind: 'invalid', error: { name: 'ValidationError', message } },
});

describe('CSV documents', () => {
  it('reads the empty rows Excel writes (;;;, or spaces) as blank rows between documents, each at its line', async () => {
    const a = row('A', '47000001', 'Ana', 'Pan', '1', '1,00', '0,18');
    const b = row('B', '47000002', 'Beto', 'Agua', '2', '0,50', '0,18');
    const documents = await documentsOf(crlf(HEADER, ';;;;;;;;;', a, ' ; ;;;;;;;; ', b, ';;;;;;;;;'));
    const blank = (line: number, raw: string) => ({ line, name: '', sha256: sha256(raw), blank: true, input: { kind: 'blank' } });
    expect(documents).toStrictEqual([
      blank(2, ';;;;;;;;;'),
      bodyDocument(3, 'A', boleta03('47000001', 'Ana', [{ description: 'Pan', quantity: 1, unitPrice: 1, igv: 0.18 }])),
      blank(4, ' ; ;;;;;;;; '),
      bodyDocument(5, 'B', boleta03('47000002', 'Beto', [{ description: 'Agua', quantity: 2, unitPrice: 0.5, igv: 0.18 }])),
      blank(6, ';;;;;;;;;'),
    ]);
  });

  it('makes each row a document of its own without a document column, at its line whether lines end in \\r\\n or \\n; a row that cannot be one is named by its line alone', async () => {
    const header = 'type,series,customer.documentType,customer.documentNumber,customer.name,item.description,item.quantity,item.unitPrice,item.igv';
    const good = '03,B001,1,47000003,Ceci,Pan,1,1.50,0.27';
    const bad = '03,B001,1,47000004,Dani,Pan,1,"1,50",0.27';
    const body = boleta03('47000003', 'Ceci', [{ description: 'Pan', quantity: 1, unitPrice: 1.5, igv: 0.27 }]);
    for (const end of ['\r\n', '\n']) {
      const documents = await documentsOf([header, good, good, bad, ''].join(end), { encoding: 'utf-8', delimiter: ',' });
      expect(documents, JSON.stringify(end)).toEqual([
        bodyDocument(2, '', body),
        bodyDocument(3, '', body),
        invalidDocument(4, '', bad, 'line 4: item.unitPrice is "1,50", not a number as this file writes them (1234.56: a decimal point, as in a file with ,)'),
      ]);
    }
  });

  it("identifies a document that fails by its rows' text, lines joined by \\n without the file's \\r, a quoted line break kept", async () => {
    const first = row('C', '47000006', 'Caro', '"Pan\r\nintegral"', '1', '1,00', '0,18');
    const second = row('C', '47000006', 'Caro', 'Agua', '1', 'gratis', '0,18');
    const next = row('D', '47000016', 'Dora', 'Pan', '1', '1,00', '0,18');
    const documents = await documentsOf(crlf(HEADER, first, second, next));
    expect(documents).toStrictEqual([
      invalidDocument(
        2,
        'C',
        `${first}\n${second}`,
        'line 4 (document C): item.unitPrice is "gratis", not a number as this file writes them (1234,56 or 1.234,56: a decimal comma, as in a file with ;)',
      ),
      bodyDocument(5, 'D', boleta03('47000016', 'Dora', [{ description: 'Pan', quantity: 1, unitPrice: 1, igv: 0.18 }])),
    ]);
  });

  it('trims headers and values, ignores unnamed columns, reads dd/mm/yyyy dates but keeps metadata as written, takes a stray quote and a short row; the same document in another column order is the same', async () => {
    const header = [
      ' document ',
      'type',
      'series',
      'issueDate',
      'customer.documentType',
      'customer.documentNumber',
      'customer.name',
      ' metadata.Entrega ',
      'metadata.Almacen',
    ];
    const items = ['item.description', ' item.quantity ', 'item.unitPrice', 'item.igv', '', '  '];
    const first = ['E', '03', 'B001', '4/5/2026', '1', '47000005', ' Eva ', '4/5/2026', 'Norte', ' Tubo 1/2" PVC ', ' 3 ', '1,00', '0,54', '', 'x'];
    const body = {
      type: '03',
      series: 'B001',
      issueDate: '2026-05-04',
      customer: { documentType: '1', documentNumber: '47000005', name: 'Eva' },
      metadata: { Almacen: 'Norte', Entrega: '4/5/2026' },
      items: [{ description: 'Tubo 1/2" PVC', quantity: 3, unitPrice: 1, igv: 0.54 }, { description: 'Codo' }],
    };
    const columns = [...header, ...items];
    const documents = await documentsOf(crlf(columns.join(';'), first.join(';'), ' E ;03;B001;;1;47000005;Eva;;;Codo'));
    expect(documents).toStrictEqual([bodyDocument(2, 'E', body)]);
    // The same document, its columns in another order: the same body, the same identity.
    const reversed = await documentsOf(crlf([...columns].reverse().join(';'), [...first].reverse().join(';'), 'x;;;;;Codo;;;;;;;;;E'));
    expect(reversed.map((d) => d.sha256)).toEqual([documents[0]!.sha256]);
  });

  it('fails a row whose document column, last in the file, is cut off: its document is empty', async () => {
    const documents = await documentsOf(crlf('item.description;item.quantity;document', 'Pan;1;F', 'Agua;2'));
    expect(documents).toStrictEqual([
      bodyDocument(2, 'F', { items: [{ description: 'Pan', quantity: 1 }] }),
      invalidDocument(3, '', 'Agua;2', 'line 3: document is empty: each row names the document it is a line of'),
    ]);
  });

  it('refuses two columns filling one field, a mapped header the file lacks, and a header "metadata." with no key', async () => {
    await expect(documentsOf(crlf('item.quantity;Item.Quantity ', '1;2'))).rejects.toMatchObject({
      name: 'CsvFileError',
      message: 'the columns "item.quantity" and "Item.Quantity " both fill item.quantity: keep one',
    });
    await expect(
      documentsOf(
        crlf('document;item.description', '1;Pan'),
        SEMICOLON,
        new Map([
          ['customer.address', 'Dirección'],
          ['customer.email', 'Correo'],
        ]),
      ),
    ).rejects.toThrow('--columns names header(s) the file does not have: "Dirección", "Correo" (its headers: "document", "item.description")');
    await expect(documentsOf(crlf('document;metadata.', '1;x'))).rejects.toThrow('column(s) "metadata." fill no field of a document');
  });

  it('decodes a character cut across two reads, and keeps a character cut off at the end as U+FFFD', async () => {
    const content = Buffer.from(crlf(HEADER, row('G', '47000007', 'Muñoz', 'Pan', '1', '1,00', '0,18')));
    const [document] = await documentsOf(content, SEMICOLON, new Map(), [content.indexOf('ñ') + 1]);
    expect(document!.input).toEqual({ kind: 'body', body: boleta03('47000007', 'Muñoz', [{ description: 'Pan', quantity: 1, unitPrice: 1, igv: 0.18 }]) });
    const cut = Buffer.concat([Buffer.from('item.description\nPa'), Buffer.from([0xc3])]);
    expect((await documentsOf(cut)).map((d) => d.input)).toEqual([{ kind: 'body', body: { items: [{ description: 'Pa\uFFFD' }] } }]);
  });

  it('fails with the error of a read that fails', async () => {
    async function* failing() {
      yield Buffer.from(crlf(HEADER, row('H', '47000008', 'Hugo', 'Pan', '1', '1,00', '0,18')));
      throw new Error('EIO: i/o error, read');
    }
    const read = async () => {
      for await (const _ of readCsvDocuments(failing(), SEMICOLON, new Map()));
    };
    await expect(read()).rejects.toThrow('EIO: i/o error, read');
  });

  it('stops reading the file when its reader stops', async () => {
    let closed = false;
    async function* endless() {
      try {
        yield Buffer.from(`${HEADER}\n`);
        for (let n = 0; ; n++) yield Buffer.from(`${row(String(n), '47000009', 'Ines', 'Pan', '1', '1,00', '0,18')}\n`);
      } finally {
        closed = true;
      }
    }
    for await (const document of readCsvDocuments(endless(), SEMICOLON, new Map())) {
      expect(document.name).toBe('0');
      break;
    }
    await expect.poll(() => closed).toBe(true);
  });
});
