/** One valid instance of every model, as the API would answer it (each is checked against its schema). */
import type { DespatchCreateParams, PerceptionCreateParams, RetentionCreateParams } from '../src/index.js';
import { documentFixture } from './helpers.js';

const at = { createdAt: '2026-11-21T15:00:00Z', updatedAt: '2026-11-21T15:00:00Z' };

export const customer = {
  id: 'cus_1',
  object: 'customer',
  documentType: '6',
  documentNumber: '20131312955',
  name: 'ACME S.A.C.',
  email: 'pagos@acme.pe',
  phone: '+51 1 555 0101',
  metadata: { erp: 'C-42' },
  ...at,
};

export const product = {
  id: 'prod_1',
  object: 'product',
  code: 'SRV-01',
  description: 'Consultoría',
  unitPrice: 100,
  unitCode: 'ZZ',
  igvAffectation: '10',
  currency: 'PEN',
  ...at,
};

export const series = { id: 'ser_1', object: 'series', series: 'F002', documentType: '01', nextNumber: 1, active: true, ...at };

export const webhookEndpoint = {
  id: 'we_1',
  object: 'webhook_endpoint',
  url: 'https://acme.pe/webhooks/yupana',
  events: ['document.accepted'],
  enabled: true,
  ...at,
};
export const webhookEndpointWithSecret = { ...webhookEndpoint, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=' };

export const event = {
  id: 'evt_1',
  object: 'event',
  type: 'document.accepted',
  createdAt: '2026-11-21T15:00:00Z',
  data: { object: documentFixture() },
};

export const apiKey = {
  id: 'key_1',
  object: 'api_key',
  name: 'Reportes',
  permissions: ['documents:read'],
  environment: 'sandbox',
  lastFour: 'x9Qz',
  ...at,
};
export const apiKeyWithSecret = { ...apiKey, key: 'sk_test_4eC39HqLyjWDarjtT1zdx9Qz' };

export const auditLog = {
  id: 'log_1',
  object: 'audit_log',
  actor: { type: 'api_key', id: 'key_1' },
  action: 'documents.create',
  resource: { type: 'document', id: 'doc_1' },
  ip: '190.12.34.56',
  requestId: 'req_8KqL1s',
  ...at,
};

export const rucLookup = {
  ruc: '20131312955',
  name: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
  tradeName: 'SUNAT',
  status: 'ACTIVO',
  condition: 'HABIDO',
  address: 'AV. GARCILASO DE LA VEGA NRO. 1472, LIMA, LIMA',
};

export const dniLookup = { dni: '46027896', name: 'ANA QUISPE FLORES' };

export const account = {
  id: 'acct_1',
  object: 'account',
  ruc: '20000000001',
  name: 'EMPRESA DE PRUEBAS S.A.C.',
  tradeName: 'ACME Store',
  address: 'Av. Larco 101, Miraflores',
  email: 'facturacion@acme.pe',
  establishments: [{ code: '0000', address: 'Av. Larco 101, Miraflores' }],
  igvReducedRate: false,
  boletaReporting: 'individual',
  environment: 'sandbox',
  ...at,
};

export const exchangeRate = { date: '2026-11-20', currency: 'USD', buy: 3.741, sell: 3.746 };

/** What a delete answers. */
export const deleted = (id: string, object: string) => ({ id, object, deleted: true });

const ticketAnswer = {
  status: 'accepted',
  code: '0',
  description: 'La Comunicacion de baja RA-20261122-1, ha sido aceptada',
  notes: [],
  attempts: 1,
  nextAttemptAt: null,
  respondedAt: '2026-11-22T14:20:31Z',
};

export const voiding = {
  id: 'void_1',
  object: 'voiding',
  kind: 'RA',
  identifier: 'RA-20261122-1',
  issueDate: '2026-11-22',
  referenceDate: '2026-11-21',
  lines: [{ lineId: 1, documentId: 'doc_1', type: '01', fullNumber: 'F001-1', reason: 'Error en el RUC' }],
  status: 'accepted',
  ticket: '1732285229418',
  taxAuthority: ticketAnswer,
  createdAt: '2026-11-22T14:18:02Z',
  updatedAt: '2026-11-22T14:20:31Z',
};

export const summary = {
  ...voiding,
  id: 'sum_1',
  object: 'summary',
  kind: 'RC',
  identifier: 'RC-20261122-1',
  lines: [{ lineId: 1, documentId: 'doc_2', type: '03', fullNumber: 'B001-1', condition: '3', total: 30 }],
  taxAuthority: { ...ticketAnswer, description: 'El Resumen diario RC-20261122-1, ha sido aceptado' },
};

/** A comprobante de retención's create body: 1,000.00 PEN paid at 3 %. */
export const retentionCreate = {
  series: 'R001',
  supplier: { documentType: '6', documentNumber: '20100070970', name: 'PROVEEDOR S.A.' },
  regime: '01',
  documents: [{ type: '01', number: 'F001-100', issueDate: '2026-11-10', total: 1000, payment: { date: '2026-11-20', amount: 1000 } }],
} satisfies RetentionCreateParams;

const receiptAnswered = {
  number: 1,
  issueDate: '2026-11-21',
  status: 'accepted',
  signedXml: '<Retention/>',
  taxAuthority: { status: 'accepted', code: '0', description: 'aceptado', notes: [], attempts: 1, nextAttemptAt: null, respondedAt: '2026-11-21T15:04:05Z' },
  ...at,
} as const;

/** The retention that body answers: 30.00 withheld, 970.00 paid. */
export const retention = {
  ...retentionCreate,
  ...receiptAnswered,
  id: 'ret_1',
  object: 'retention',
  fullNumber: 'R001-1',
  rate: 0.03,
  documents: [{ ...retentionCreate.documents[0]!, currency: 'PEN', payment: { ...retentionCreate.documents[0]!.payment, number: 1 }, retainedAmount: 30, netPaid: 970 }],
  totals: { retained: 30, paid: 970 },
  pdfUrl: 'https://sandbox.yupana.pe/v1/retentions/ret_1/pdf',
};

/** A comprobante de percepción's create body: 1,180.00 PEN collected at 2 %. */
export const perceptionCreate = {
  series: 'P001',
  customer: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' },
  regime: '01',
  documents: [{ type: '01', number: 'F001-200', issueDate: '2026-11-10', total: 1180, payment: { date: '2026-11-20', amount: 1180 } }],
} satisfies PerceptionCreateParams;

/** The perception that body answers: 23.60 perceived, 1,203.60 collected. */
export const perception = {
  ...perceptionCreate,
  ...receiptAnswered,
  signedXml: '<Perception/>',
  id: 'perc_1',
  object: 'perception',
  fullNumber: 'P001-1',
  rate: 0.02,
  documents: [
    { ...perceptionCreate.documents[0]!, currency: 'PEN', payment: { ...perceptionCreate.documents[0]!.payment, number: 1 }, perceivedAmount: 23.6, netCashed: 1203.6 },
  ],
  totals: { perceived: 23.6, cashed: 1203.6 },
  pdfUrl: 'https://sandbox.yupana.pe/v1/perceptions/perc_1/pdf',
};

/** A guía de remisión remitente's create body: a sale moved privately, with its vehicle and driver. */
export const despatchCreate = {
  type: '09',
  series: 'T001',
  reason: '01',
  recipient: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' },
  transport: {
    mode: '02',
    startDate: '2026-11-22',
    vehicles: [{ plate: 'ABC123' }],
    drivers: [{ documentType: '1', documentNumber: '45678912', firstName: 'JUAN', lastName: 'PEREZ', licence: 'Q45678912' }],
  },
  departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
  arrival: { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' },
  grossWeight: 120.5,
  items: [{ description: 'COMPUTADORA DE ESCRITORIO', quantity: 10 }],
} satisfies DespatchCreateParams;

/** The guía that body answers: sent, SUNAT's ticket not answered yet. */
export const despatch = {
  ...despatchCreate,
  id: 'desp_1',
  object: 'despatch',
  number: 1,
  fullNumber: 'T001-1',
  issueDate: '2026-11-21',
  weightUnit: 'KGM',
  status: 'pending',
  ticket: '1764601447000001',
  signedXml: '<DespatchAdvice/>',
  pdfUrl: 'https://sandbox.yupana.pe/v1/despatches/desp_1/pdf',
  taxAuthority: { status: 'pending', code: null, description: null, notes: [], attempts: 1, nextAttemptAt: null, respondedAt: null },
  ...at,
};
