/**
 * Voiding a factura and a boleta, and the proof of each baja: SUNAT takes a factura's voiding in a
 * comunicación de baja (RA) and a boleta's in a resumen diario (RC), each answered later through a
 * ticket. Both are objects you can read, list and download (their XML and SUNAT's CDR).
 *
 *   YUPANA_API_KEY=sk_test_... npx tsx examples/voidings.ts
 */
import { Client, type Summary, type Voiding } from 'yupana';
import { checkVoid } from 'yupana/sunat';

const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });

const factura = await client.documents.create({
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20100047218', name: 'COMERCIAL ANDINA S.A.C.' },
  items: [{ description: 'Servicio de consultoría', quantity: 1, unitPrice: 100, igv: 18 }],
});
const boleta = await client.documents.create({
  type: '03',
  series: 'B001',
  customer: { documentType: '1', documentNumber: '46027896', name: 'Ana Quispe' },
  items: [{ description: 'Menú del día', quantity: 2, unitPrice: 12.5, igv: 4.5 }],
});

// SUNAT's rules, checked locally first: accepted, not voided before, at most 7 days old.
for (const doc of [factura, boleta]) {
  const issues = checkVoid(doc);
  if (issues.length > 0) throw new Error(`${doc.fullNumber} cannot be voided: ${issues[0]!.message}`);
}

/** Reads a voiding or summary again until SUNAT has answered its ticket (or listen for `voiding.accepted` and `summary.accepted`). */
async function answered<T extends Voiding | Summary>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const current = await read();
    // `98` (in process) keeps it pending; an `exception` (0127, ticket unknown) needs the service to send it again.
    if (current.status !== 'pending' || attempt === 20) return current;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// A factura: a comunicación de baja (RA) with one line.
const voidedFactura = await client.documents.void(factura.id, { reason: 'Error en el RUC del cliente' });
const ra = await answered(() => client.voidings.retrieve(voidedFactura.voidedBy!.id));
console.log(`${factura.fullNumber}: ${ra.identifier} (ticket ${ra.ticket}) ${ra.status}, SUNAT code ${ra.taxAuthority.code}`);

// A boleta: a line of condition 3 in a resumen diario (RC): an RA refuses boletas.
const voidedBoleta = await client.documents.void(boleta.id, { reason: 'Pedido anulado' });
const rc = await answered(() => client.summaries.retrieve(voidedBoleta.voidedBy!.id));
console.log(`${boleta.fullNumber}: ${rc.identifier} line ${rc.lines[0]!.lineId} condition ${rc.lines[0]!.condition} ${rc.status}, SUNAT code ${rc.taxAuthority.code}`);

// The proof for an audit: the voided documents, and the XML and CDR of each baja.
for (const doc of [factura, boleta]) console.log(`${doc.fullNumber} is now ${(await client.documents.retrieve(doc.id)).status}`);
const cdr = await client.voidings.cdr(ra.id);
console.log(`CDR of ${ra.identifier}: ${cdr.includes('<cbc:ResponseCode>0</cbc:ResponseCode>') ? 'accepted' : 'see its ResponseCode'}`);
for await (const voiding of client.voidings.list({ referenceDate: ra.referenceDate })) {
  console.log(`Bajas of ${voiding.referenceDate}: ${voiding.identifier} ${voiding.lines.map((line) => `${line.fullNumber} (${line.reason})`).join(', ')}`);
}
