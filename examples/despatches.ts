/**
 * Guías de remisión: a guía remitente (09) for a sale the issuer moves in its own truck (private
 * transport), another whose goods a carrier moves (public transport), each checked beforehand with
 * `yupana/sunat`'s `checkDespatch`, sent (SUNAT takes a guía by ticket: `pending` first), and read
 * again until SUNAT answered; then a guía starting the day before its issue date, refused with
 * SUNAT's code before any number is used.
 *
 *   YUPANA_API_KEY=sk_test_... npx tsx examples/despatches.ts
 *
 * The tests run this file against the bundled mock sandbox on localhost.
 */
import { Client, type Despatch, type DespatchCreateParams, UnprocessableEntityError } from 'yupana';
import { checkDespatch, limaDate } from 'yupana/sunat';

const client = new Client({ apiKey: process.env.YUPANA_API_KEY, environment: 'sandbox' });

const today = limaDate();
const sale: DespatchCreateParams = {
  type: '09',
  series: 'T001',
  reason: '01', // venta
  recipient: { documentType: '6', documentNumber: '20100070970', name: 'SUPERMERCADOS PERUANOS S.A.' },
  transport: {
    mode: '02', // private: the issuer's own truck and driver
    startDate: today,
    vehicles: [{ plate: 'ABC123' }],
    drivers: [{ documentType: '1', documentNumber: '45678912', firstName: 'Juan Carlos', lastName: 'Pérez Quispe', licence: 'Q45678912' }],
  },
  departure: { ubigeo: '150101', address: 'Av. Abancay 123, Cercado de Lima' },
  arrival: { ubigeo: '040129', address: 'Av. Ejército 710, Yanahuara' },
  grossWeight: 120.5,
  packages: 4,
  items: [{ description: 'Papel bond A4 80 g (millar)', quantity: 40, code: 'PAP-A4', sunatProductCode: '14111507' }],
};
const publicSale: DespatchCreateParams = {
  ...sale,
  transport: { mode: '01', startDate: today, carrier: { ruc: '20512345678', name: 'TRANSPORTES RAPIDOS S.A.C.', mtcRegistration: '1523456CNG' } },
};

/** Reads the guía again until SUNAT answered its ticket (the service polls SUNAT itself). */
async function answered(despatch: Despatch): Promise<Despatch> {
  let current = despatch;
  while (current.status === 'pending' && current.taxAuthority.status !== 'exception') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    current = await client.despatches.retrieve(despatch.id);
  }
  return current;
}

for (const [name, body] of [
  ['Private', sale],
  ['Public', publicSale],
] as const) {
  // The rules the service checks before it numbers a guía, run locally first.
  const issues = checkDespatch(body);
  if (issues.length > 0) throw new Error(issues.map((issue) => issue.message).join('; '));
  const sent = await client.despatches.create(body);
  console.log(`${name}: ${sent.fullNumber} ${sent.status}, ticket ${sent.ticket === null ? 'none' : 'given'}`);
  const done = await answered(sent);
  console.log(`${name}: ${done.fullNumber} ${done.status}, SUNAT code ${done.taxAuthority.code}`);
}

// A move cannot start before the guía's issue date: SUNAT's 3343, nothing numbered.
try {
  await client.despatches.create({ ...sale, transport: { ...sale.transport, startDate: '2020-01-02' } });
} catch (error) {
  if (!(error instanceof UnprocessableEntityError)) throw error;
  for (const issue of error.errors) console.log(`Refused: ${issue.code} at ${issue.path}`);
}
const listed = await client.despatches.list({ type: '09', issuedFrom: today });
console.log(`Guías of ${today}: ${listed.data.map((d) => `${d.fullNumber} ${d.status}`).join(', ')}`);
