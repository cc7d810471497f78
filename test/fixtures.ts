/** One valid instance of every model, as the API would answer it (each is checked against its schema). */
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
