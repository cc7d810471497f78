/**
 * Runs SUNAT's own validation stylesheets of the guía de remisión remitente
 * (ValidaExprRegGreRemitente) and transportista (ValidaExprRegGreTransportista) on the sandbox's
 * DespatchAdvice of several cases: `npx tsx scripts/validate-despatch-ubl.ts` (part of
 * `npm run test:sunat-xsl`).
 *
 * Each case is issued by the sandbox's store (SUNAT's rules, the number, the XML, as a create
 * does), dated today in Lima, written as SUNAT names files (RUC-09-T001-1.xml) and judged by
 * `validate.sh --all` of an oracle that knows these families: the folder named by
 * $SUNAT_OSE_XSL_DIR, holding `validate.sh` (its options `--all`, `--name`, `--now`, `--xsd`) and
 * the OSE's stylesheets; it needs Java and Saxon-HE. The stylesheets are third-party files without
 * a licence: they are never copied into this repository. Prints one row per case with SUNAT's
 * error and observation codes; exits 1 when any file has an error, 2 when one cannot be judged.
 * Without the oracle or Java it says it skipped these families and exits 0, on CI too: CI's oracle
 * (shared/tools/sunat-xsl, which scripts/validate-ubl.ts requires there) holds the invoices'
 * stylesheets only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DespatchCreateParams } from '../src/models/despatch.js';
import { SANDBOX_ISSUER } from '../src/testing/store/account.js';
import { DespatchStore } from '../src/testing/store/despatches.js';

const oracle = process.env['SUNAT_OSE_XSL_DIR'];
const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (oracle === undefined || !existsSync(join(oracle, 'validate.sh')) || java.error || java.status !== 0) {
  const why = oracle === undefined ? 'SUNAT_OSE_XSL_DIR is not set' : !existsSync(join(oracle, 'validate.sh')) ? `no validate.sh in ${oracle}` : 'no java on PATH';
  console.log(`skipped the guía de remisión (09, 31) stylesheets: ${why}; nothing was judged`);
  process.exit(0);
}

const ISSUER = SANDBOX_ISSUER.ruc;
const recipient = { documentType: '6', documentNumber: '20100070970', name: 'SUPERMERCADOS PERUANOS S.A.' };
const itself = { documentType: '6', documentNumber: ISSUER, name: SANDBOX_ISSUER.name };
const driver = { documentType: '1', documentNumber: '45678912', firstName: 'Juan Carlos', lastName: 'Pérez Quispe', licence: 'Q45678912' };
const lima = { ubigeo: '150101', address: 'Av. Abancay 123, Cercado de Lima' };
const arequipa = { ubigeo: '040129', address: 'Av. Ejército 710, Yanahuara & Cía' };
const goods = [
  { description: 'Papel bond A4 80 g (millar)', quantity: 40, unitCode: 'NIU', code: 'PAP-A4', sunatProductCode: '14111507' },
  { description: 'Cemento Portland tipo I', quantity: 12.5, unitCode: 'TNE' },
];
const privateMove: Omit<DespatchCreateParams['transport'], 'startDate'> = { mode: '02', vehicles: [{ plate: 'ABC123' }], drivers: [driver] };
const carrier = { ruc: '20512345678', name: 'TRANSPORTES RÁPIDOS S.A.C.', mtcRegistration: '1523456CNG' };
const sale = {
  type: '09',
  series: 'T001',
  reason: '01',
  recipient,
  departure: lima,
  arrival: arequipa,
  grossWeight: 120.5,
  items: goods,
} satisfies Partial<DespatchCreateParams>;

/** The cases, each with today's start added. */
const CASES: [string, Omit<DespatchCreateParams, 'transport'> & { transport: Omit<DespatchCreateParams['transport'], 'startDate'> }][] = [
  [
    '09 sale (01), private, its truck and driver, 4 packages, a factura related',
    { ...sale, packages: 4, transport: privateMove, relatedDocuments: [{ type: '01', number: 'F001-128', issuerRuc: ISSUER }] },
  ],
  [
    '09 sale, private, two secondary vehicles and drivers, TNE',
    {
      ...sale,
      grossWeight: 12.5,
      weightUnit: 'TNE',
      transport: {
        mode: '02',
        vehicles: [{ plate: 'ABC123' }, { plate: 'XYZ789' }, { plate: 'B1C2D3E4' }],
        drivers: [
          driver,
          { ...driver, documentNumber: '45678913', licence: 'Q45678913' },
          { ...driver, documentType: '4', documentNumber: '001234567', licence: 'A123456789' },
        ],
      },
    },
  ],
  ['09 sale, private in M1L vehicles: no vehicle, no driver', { ...sale, transport: { mode: '02', m1l: true } }],
  ['09 sale, private in an M1L vehicle named', { ...sale, transport: { mode: '02', m1l: true, vehicles: [{ plate: 'ABC123' }] } }],
  [
    '09 sale, public: the carrier and its MTC registration',
    { ...sale, transport: { mode: '01', carrier }, relatedDocuments: [{ type: '03', number: 'B001-5', issuerRuc: ISSUER }] },
  ],
  ['09 sale, public in M1L vehicles, no carrier', { ...sale, transport: { mode: '01', m1l: true } }],
  ['09 purchase (02) to the issuer', { ...sale, reason: '02', recipient: itself, transport: privateMove }],
  [
    '09 between the issuer’s establishments (04)',
    {
      ...sale,
      reason: '04',
      recipient: itself,
      departure: { ...lima, establishmentCode: '0000' },
      arrival: { ...arequipa, establishmentCode: '0001' },
      transport: privateMove,
    },
  ],
  ['09 devolución (06) to a RUC', { ...sale, reason: '06', transport: privateMove }],
  [
    '09 otros (13), described, to a DNI',
    {
      ...sale,
      reason: '13',
      reasonDescription: 'Traslado a feria',
      recipient: { documentType: '1', documentNumber: '46027896', name: 'Ana Quispe' },
      transport: privateMove,
    },
  ],
  ['09 emisor itinerante (18)', { ...sale, reason: '18', departure: { ...lima, establishmentCode: '0002' }, transport: privateMove }],
  [
    '31 carrying a remitente’s goods, a GRE remitente related',
    {
      type: '31',
      series: 'V001',
      recipient,
      shipper: { documentType: '6', documentNumber: '20123456789', name: 'EMPRESA REMITENTE S.A.C.' },
      transport: { carrier: { mtcRegistration: '1523456CNG' }, vehicles: [{ plate: 'ABC123' }], drivers: [driver] },
      departure: lima,
      arrival: arequipa,
      grossWeight: 2.5,
      weightUnit: 'TNE',
      items: [{ description: 'Bienes según GRE remitente T001-9', quantity: 1 }],
      relatedDocuments: [{ type: '09', number: 'T001-9', issuerRuc: '20123456789' }],
    },
  ],
  [
    '31 without related documents, a secondary vehicle',
    {
      type: '31',
      series: 'V001',
      recipient,
      shipper: { documentType: '6', documentNumber: '20123456789', name: 'EMPRESA REMITENTE S.A.C.' },
      transport: { vehicles: [{ plate: 'ABC123' }, { plate: 'XYZ789' }], drivers: [driver] },
      departure: lima,
      arrival: arequipa,
      grossWeight: 800,
      packages: 20,
      items: goods,
    },
  ],
];

type Row = { case: string; file: string; errors: string; observations: string; status: number };
const folder = mkdtempSync(join(tmpdir(), 'yupana-despatch-ubl-'));
const rows: Row[] = [];
// The sandbox's issuer, SUNAT answering at once; no case relates a document by its id.
const store = new DespatchStore({
  settleAfterMs: () => 0,
  issuer: () => SANDBOX_ISSUER,
  document: (id) => {
    throw new Error(`no case relates a document by its id (${id})`);
  },
});
try {
  for (const [name, body] of CASES) {
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const despatch = store.create({ ...body, transport: { ...body.transport, startDate: today } } as DespatchCreateParams, 'https://sandbox.yupana.test');
    const file = `${ISSUER}-${despatch.type}-${despatch.fullNumber}.xml`;
    writeFileSync(join(folder, file), despatch.signedXml);
    const run = spawnSync('bash', [join(oracle, 'validate.sh'), '--all', '--name', file, '--now', despatch.issueDate, join(folder, file)], { encoding: 'utf8' });
    const line = `${run.stdout}`.trim().split('\n').at(-1) ?? '';
    const match = /errors:\s*([^;]*);\s*observations:\s*([^;]*)/.exec(line);
    rows.push({
      case: name,
      file,
      errors: match ? match[1]!.trim() || '-' : `cannot judge: ${`${run.stderr}`.trim() || line}`,
      observations: match ? match[2]!.trim() || '-' : '-',
      status: match ? (run.status ?? 2) : 2,
    });
  }
} finally {
  store.reset();
  rmSync(folder, { recursive: true, force: true });
}

const columns: (keyof Row)[] = ['case', 'file', 'errors', 'observations'];
const width = (key: keyof Row) => Math.max(key.length, ...rows.map((row) => String(row[key]).length));
const format = (cells: Record<string, string>) => columns.map((key) => cells[key]!.padEnd(width(key))).join(' | ');
console.log(format({ case: 'case', file: 'file', errors: 'errors', observations: 'observations' }));
console.log(columns.map((key) => '-'.repeat(width(key))).join('-|-'));
for (const row of rows) console.log(format({ ...row, status: String(row.status) }));
const failed = rows.filter((row) => row.status !== 0);
console.log(`\n${rows.length} guías de remisión judged by SUNAT's stylesheets: ${rows.length - failed.length} without error, ${failed.length} with`);
process.exit(failed.some((row) => row.status === 2) ? 2 : failed.length > 0 ? 1 : 0);
