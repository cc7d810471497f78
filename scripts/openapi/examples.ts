/**
 * The examples of the OpenAPI document, all in one place, keyed by the SDK's own zod schemas:
 * the generator hands them to `z.toJSONSchema` as the schemas' `examples` metadata (a zod
 * registry), so they land on the component of the schema they belong to, and
 * `test/contract/openapi.test.ts` parses each one with that same zod schema and validates it against the
 * JSON Schema the document emits.
 *
 * Why here rather than `.check(z.meta({ examples }))` in `src/models`: the models ship in every
 * client bundle, and examples are data (a whole document, six events...) that no call needs.
 * The browser bundle has less than 1 KB left of its 30 KB gzip budget (`bench/bundle.ts`), and
 * these examples are about 4.4 KB gzip. Kept here, they cost users nothing, and the tests hold
 * them to the same schemas as examples declared on the schemas would be.
 *
 * Values are realistic Peruvian data: SUNAT's own RUC as a customer, series F001/B001, soles
 * with IGV at 18%, Lima issue dates, ISO 8601 UTC timestamps.
 */
import type * as z from 'zod/mini';
import type { Despatch as DespatchType, EventType, PerceptionReceipt, RetentionReceipt } from '../../src/index.js';
import { agentCents } from '../../src/sunat/retention/compute.js';
import { PERCEPTION, RETENTION } from '../../src/sunat/retention/families.js';
import { renderPerception, renderRetention } from '../../src/sunat/ubl/retention.js';
import { renderDespatch } from '../../src/sunat/ubl/despatch.js';
import {
  Account,
  AccountUpdateParams,
  BoletaReporting,
  AgentCounterparty,
  AgentExchangeRate,
  AgentPayment,
  AgentReceiptStatus,
  PerceivedDocument,
  PerceptionCreateParams,
  PerceptionDocument,
  PerceptionListItem,
  PerceptionListParams,
  PerceptionReceipt as PerceptionReceiptSchema,
  RetainedDocument,
  RetentionCreateParams,
  RetentionDocument,
  RetentionListItem,
  RetentionListParams,
  RetentionReceipt as RetentionReceiptSchema,
  Despatch,
  DespatchAddress,
  DespatchCarrier,
  DespatchCreateParams,
  DespatchDriver,
  DespatchItem,
  DespatchListItem,
  DespatchListParams,
  DespatchParty,
  DespatchRelatedDocument,
  DespatchRelatedId,
  DespatchRelatedNumber,
  DespatchStatus,
  DespatchTransport,
  DespatchVehicle,
  CargoTransport,
  CashPaymentTerms,
  CreditPaymentTerms,
  Delivery,
  DespatchReference,
  Detraction,
  DocumentDetraction,
  DocumentIdReference,
  DocumentPerception,
  DocumentRetention,
  Establishment,
  ExternalDocumentReference,
  GlobalCharge,
  GlobalDiscount,
  Installment,
  Isc,
  Legend,
  LineCharge,
  LineDiscount,
  PaymentMethod,
  PaymentTerms,
  Perception,
  RelatedDocument,
  Advance,
  Retention,
  TripPoint,
  APIKey,
  APIKeyCreateParams,
  APIKeyWithSecret,
  AuditLog,
  AuditLogListParams,
  Customer,
  CustomerCreateParams,
  CustomerUpdateParams,
  DeletedObject,
  DniLookup,
  DniNumber,
  Document,
  DocumentCreateParams,
  DocumentCustomer,
  DocumentEmailParams,
  DocumentEmailResult,
  DocumentListItem,
  DocumentListParams,
  DocumentPdfParams,
  NoteReference,
  DocumentStatus,
  DocumentTotals,
  DocumentType,
  DocumentVoidParams,
  Event,
  EventListParams,
  ExchangeRate,
  Item,
  ItemAttribute,
  ListParams,
  Permission,
  Problem,
  Product,
  ProductCreateParams,
  ProductUpdateParams,
  RucLookup,
  RucNumber,
  Series,
  SeriesCode,
  SeriesCreateParams,
  SeriesUpdateParams,
  TaxAuthorityStatus,
  Summary,
  SummaryLine,
  SummaryListParams,
  TicketStatus,
  Voiding,
  VoidingLine,
  VoidingListParams,
  WebhookEndpoint,
  WebhookEndpointCreateParams,
  WebhookEndpointUpdateParams,
  WebhookEndpointWithSecret,
} from '../../src/schemas.js';
import { Amount, CalendarDate, Metadata, Timestamp } from '../../src/models/shared.js';

/** One example id per resource, by the path segment after `/v1/`. */
export const IDS = {
  documents: 'doc_8KqL1s',
  customers: 'cus_4mXw2Q',
  products: 'prod_7HbN3k',
  series: 'ser_2Lp9Vd',
  'webhook-endpoints': 'we_5Tq8Rz',
  events: 'evt_3Nc7Ua',
  'api-keys': 'key_6Vy1Pe',
  'audit-logs': 'log_9Jd4Wm',
  voidings: 'void_4Hd8Ks',
  summaries: 'sum_7Cq2Nf',
  retentions: 'ret_5Hq2Kd',
  perceptions: 'perc_7Wn4Rb',
  despatches: 'desp_3Gt8Mw',
} as const;

const REQUEST_ID = 'req_8KqL1s';
const at = { createdAt: '2026-11-21T15:04:05Z', updatedAt: '2026-11-21T15:04:07Z' };

// ---------------------------------------------------------------------------------------------
// Documents

const customer = {
  documentType: '6',
  documentNumber: '20131312955',
  name: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
  address: 'Av. Garcilaso de la Vega 1472, Cercado de Lima, Lima',
  email: 'logistica@sunat.gob.pe',
} satisfies z.input<typeof DocumentCustomer>;

const items = [
  { description: 'Servicio de mantenimiento de equipos (noviembre 2026)', quantity: 1, unitPrice: 1500, igv: 270, code: 'SRV-MNT', unitCode: 'ZZ', igvAffectation: '10' },
  { description: 'Papel bond A4 80 g (millar)', quantity: 2, unitPrice: 25.5, igv: 9.18, code: 'PAP-A4', unitCode: 'NIU', igvAffectation: '10' },
] satisfies z.input<typeof Item>[];

const factura = {
  type: '01',
  series: 'F001',
  customer,
  items,
  currency: 'PEN',
  issueDate: '2026-11-21',
  metadata: { pedido: 'PED-2026-0042' },
} satisfies z.input<typeof DocumentCreateParams>;

const boleta = {
  type: '03',
  series: 'B001',
  customer: { documentType: '1', documentNumber: '46027896', name: 'ANA QUISPE FLORES' },
  items: [{ description: 'Menú ejecutivo', quantity: 2, unitPrice: 12.71, igv: 4.58 }],
} satisfies z.input<typeof DocumentCreateParams>;

const reference = { documentId: IDS.documents, reason: '07', description: 'Devolución de 1 millar de papel bond A4' } satisfies z.input<typeof NoteReference>;

const notaDeCredito = {
  type: '07',
  series: 'F001',
  customer,
  items: [{ description: 'Papel bond A4 80 g (millar)', quantity: 1, unitPrice: 25.5, igv: 4.59, code: 'PAP-A4', unitCode: 'NIU' }],
  reference,
} satisfies z.input<typeof DocumentCreateParams>;

// The parts of a real factura: how it is paid, the SPOT and withholding regimes, references.
const installments = [
  { amount: 100.13, dueDate: '2026-12-21' },
  { amount: 135.87, dueDate: '2027-01-20' },
] satisfies Installment[];
const cash = { type: 'cash' } satisfies CashPaymentTerms;
const credit = { type: 'credit', installments } satisfies CreditPaymentTerms;
const despatch = { type: '09', fullNumber: 'T001-845' } satisfies DespatchReference;
const relatedDocument = { type: '99', number: 'CONTRATO-2026-017' } satisfies RelatedDocument;
const detraction = { code: '014', rate: 0.04, account: '00-011-123456', paymentMethod: '001' } satisfies Detraction;
const detractionFilled = { ...detraction, amount: 37.76 } satisfies DocumentDetraction;
const perceptionFilled = { code: '51', rate: 0.02, base: 708, amount: 14.16, total: 722.16 } satisfies DocumentPerception;
const retentionFilled = { rate: 0.03, base: 708, amount: 21.24 } satisfies DocumentRetention;
const externalReference = {
  type: '01',
  fullNumber: 'FF14-2',
  issueDate: '2026-10-15',
  reason: '07',
  description: 'Devolución de 1 millar de papel bond A4 (factura emitida antes de migrar)',
} satisfies ExternalDocumentReference;

/** A sale on credit (Greenter's worked example): 236.00 in two cuotas, with its guía and orden de compra. */
const facturaAlCredito = {
  type: '01',
  series: 'F001',
  customer,
  items: [{ description: 'Servicio de consultoría tributaria', quantity: 2, unitPrice: 100, igv: 36, unitCode: 'ZZ', sunatProductCode: '80111600' }],
  issueDate: '2026-11-21',
  dueDate: '2027-01-20',
  paymentTerms: credit,
  despatches: [despatch],
  relatedDocuments: [relatedDocument],
  purchaseOrder: 'OC-2026-0815',
} satisfies DocumentCreateParams;

/** A sale under detracción (code 014 at 4% on 944.00: 37.76, openubl's and Greenter's example). */
const facturaConDetraccion = {
  type: '01',
  series: 'F001',
  customer,
  items: [{ description: 'Carne de res en cortes (kg)', quantity: 100, unitPrice: 8, igv: 144, unitCode: 'KGM' }],
  issueDate: '2026-11-21',
  operationType: '1001',
  paymentTerms: cash,
  detraction,
} satisfies DocumentCreateParams;

/** A nota de crédito for a factura issued before migrating to the API. */
const notaDeCreditoExterna = {
  type: '07',
  series: 'F001',
  customer,
  items: [{ description: 'Papel bond A4 80 g (millar)', quantity: 1, unitPrice: 25.5, igv: 4.59, code: 'PAP-A4', unitCode: 'NIU' }],
  reference: externalReference,
} satisfies DocumentCreateParams;

const zeros = { exempt: 0, unaffected: 0, export: 0, free: 0, freeIgv: 0, iscBase: 0, isc: 0, ivapBase: 0, ivap: 0, icbper: 0, discounts: 0, charges: 0, rounding: 0 };
const totals = { ...zeros, taxable: 1551, igv: 279.18, lineExtension: 1551, taxInclusive: 1830.18, total: 1830.18 } satisfies z.input<typeof DocumentTotals>;

const accepted = {
  status: 'accepted',
  code: '0',
  description: 'La Factura numero F001-128, ha sido aceptada',
  notes: [],
  attempts: 1,
  nextAttemptAt: null,
  respondedAt: '2026-11-21T15:04:07Z',
} satisfies z.input<typeof TaxAuthorityStatus>;

const signedXml = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
  '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID><cbc:ID>F001-128</cbc:ID>',
  '<cbc:IssueDate>2026-11-21</cbc:IssueDate><cbc:InvoiceTypeCode listID="0101">01</cbc:InvoiceTypeCode>',
  '<cbc:DocumentCurrencyCode>PEN</cbc:DocumentCurrencyCode><!-- signature, parties, lines, totals --></Invoice>',
].join('\n');

const cdr = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">',
  '<cbc:ResponseDate>2026-11-21</cbc:ResponseDate><cbc:ResponseTime>10:04:07</cbc:ResponseTime>',
  '<cac:DocumentResponse><cac:Response><cbc:ReferenceID>F001-128</cbc:ReferenceID><cbc:ResponseCode>0</cbc:ResponseCode>',
  '<cbc:Description>La Factura numero F001-128, ha sido aceptada</cbc:Description></cac:Response></cac:DocumentResponse></ar:ApplicationResponse>',
].join('\n');

/** An accepted factura, the document every other example is a state of. */
const document = {
  id: IDS.documents,
  object: 'document',
  status: 'accepted',
  type: '01',
  series: 'F001',
  number: 128,
  fullNumber: 'F001-128',
  customer,
  items,
  currency: 'PEN',
  issueDate: '2026-11-21',
  metadata: factura.metadata,
  operationType: '0101',
  paymentTerms: { type: 'cash' },
  legends: [{ code: '1000', text: 'SON MIL OCHOCIENTOS TREINTA CON 18/100 SOLES' }],
  totals,
  signedXml,
  pdfUrl: `https://api.yupana.pe/v1/documents/${IDS.documents}/pdf`,
  taxAuthority: accepted,
  ...at,
} satisfies Document;

const pending = { status: 'pending', code: null, description: null, notes: [], attempts: 0, nextAttemptAt: null, respondedAt: null } satisfies z.input<
  typeof TaxAuthorityStatus
>;

/** A boleta the API answered with 202: SUNAT had not answered within the request. */
const { metadata: _metadata, ...withoutMetadata } = document;
const pendingBoleta = {
  ...withoutMetadata,
  id: 'doc_2Hx5Rb',
  type: '03',
  series: 'B001',
  number: 3051,
  fullNumber: 'B001-3051',
  customer: boleta.customer,
  items: boleta.items,
  paymentTerms: { type: 'cash' },
  legends: [{ code: '1000', text: 'SON TREINTA CON 00/100 SOLES' }],
  totals: { ...zeros, taxable: 25.42, igv: 4.58, lineExtension: 25.42, taxInclusive: 30, total: 30 },
  signedXml: signedXml.replaceAll('F001-128', 'B001-3051').replace('>01</cbc:InvoiceTypeCode>', '>03</cbc:InvoiceTypeCode>'),
  pdfUrl: 'https://api.yupana.pe/v1/documents/doc_2Hx5Rb/pdf',
  status: 'pending',
  taxAuthority: pending,
  createdAt: '2026-11-21T19:31:12Z',
  updatedAt: '2026-11-21T19:31:12Z',
} satisfies Document;

/** The factura under detracción as the API answers it: operation type, forma de pago, the amount to deposit, legends 1000 and 2006. */
const detractionDocument = {
  ...withoutMetadata,
  id: 'doc_5Ne2Tc',
  number: 129,
  fullNumber: 'F001-129',
  items: facturaConDetraccion.items,
  operationType: '1001',
  paymentTerms: cash,
  detraction: detractionFilled,
  legends: [
    { code: '1000', text: 'SON NOVECIENTOS CUARENTA Y CUATRO CON 00/100 SOLES' },
    { code: '2006', text: 'Operación sujeta al Sistema de Pago de Obligaciones Tributarias' },
  ],
  totals: { ...zeros, taxable: 800, igv: 144, lineExtension: 800, taxInclusive: 944, total: 944 },
  signedXml: signedXml.replaceAll('F001-128', 'F001-129').replace('listID="0101"', 'listID="1001"'),
  pdfUrl: 'https://api.yupana.pe/v1/documents/doc_5Ne2Tc/pdf',
} satisfies Document;

/** The factura in each state an event reports, by event type. */
const documentWhen: Record<Extract<EventType, `document.${string}`>, Document> = {
  'document.created': { ...document, status: 'pending', taxAuthority: pending, updatedAt: document.createdAt },
  'document.accepted': document,
  'document.rejected': {
    ...document,
    status: 'rejected',
    taxAuthority: {
      ...accepted,
      status: 'rejected',
      code: '2800',
      description: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
    },
  },
  'document.retry_scheduled': {
    ...document,
    status: 'pending',
    taxAuthority: { ...pending, attempts: 1, nextAttemptAt: '2026-11-21T15:09:05Z' },
  },
  'document.failed': {
    ...document,
    status: 'failed',
    taxAuthority: { ...pending, attempts: 6, nextAttemptAt: null },
    updatedAt: '2026-11-21T21:04:05Z',
  },
  'document.voided': { ...document, status: 'voided', updatedAt: '2026-11-22T14:20:31Z' },
};

const acceptedTicket = {
  ...accepted,
  description: 'La Comunicacion de baja RA-20261122-1, ha sido aceptada',
  respondedAt: '2026-11-22T14:20:31Z',
} satisfies z.input<typeof TaxAuthorityStatus>;

/** The comunicación de baja of the factura, accepted by SUNAT through its ticket. */
const voiding = {
  id: IDS.voidings,
  object: 'voiding',
  kind: 'RA',
  identifier: 'RA-20261122-1',
  issueDate: '2026-11-22',
  referenceDate: '2026-11-21',
  lines: [{ lineId: 1, documentId: IDS.documents, type: '01', fullNumber: 'F001-128', reason: 'Error en el RUC del cliente' }],
  status: 'accepted',
  ticket: '1732285229418',
  taxAuthority: acceptedTicket,
  createdAt: '2026-11-22T14:18:02Z',
  updatedAt: '2026-11-22T14:20:31Z',
} satisfies Voiding;

/** The resumen diario that voided the pending boleta (a line of condition 3), still at SUNAT's 98. */
const summary = {
  id: IDS.summaries,
  object: 'summary',
  kind: 'RC',
  identifier: 'RC-20261122-1',
  issueDate: '2026-11-22',
  referenceDate: '2026-11-21',
  lines: [{ lineId: 1, documentId: 'doc_2Hx5Rb', type: '03', fullNumber: 'B001-3051', condition: '3', total: 30 }],
  status: 'pending',
  ticket: '1732285311027',
  taxAuthority: { ...pending, attempts: 1 },
  createdAt: '2026-11-22T14:21:51Z',
  updatedAt: '2026-11-22T14:21:51Z',
} satisfies Summary;

/** What each event about a voiding or a summary carries. */
const ticketWhen = {
  'voiding.accepted': voiding,
  'voiding.rejected': {
    ...voiding,
    status: 'rejected',
    taxAuthority: { ...acceptedTicket, status: 'rejected', code: '2323', description: 'Existe documento ya informado anteriormente en una comunicacion de baja' },
  },
  'summary.accepted': {
    ...summary,
    status: 'accepted',
    taxAuthority: { ...acceptedTicket, description: 'El Resumen diario RC-20261122-1, ha sido aceptado', respondedAt: '2026-11-22T14:25:40Z' },
    updatedAt: '2026-11-22T14:25:40Z',
  },
  'summary.rejected': {
    ...summary,
    status: 'rejected',
    taxAuthority: {
      ...acceptedTicket,
      status: 'rejected',
      code: '2282',
      description: 'Existe documento ya informado anteriormente',
      respondedAt: '2026-11-22T14:25:40Z',
    },
    updatedAt: '2026-11-22T14:25:40Z',
  },
} satisfies Record<Extract<EventType, `voiding.${string}` | `summary.${string}`>, Voiding | Summary>;

// ---------------------------------------------------------------------------------------------
// Retentions and perceptions (comprobantes de retención 20 and de percepción 40)

const agentIssuer = { ruc: '20603123451', name: 'INVERSIONES ANDINAS DEL SUR S.A.C.', tradeName: 'Andinas del Sur', address: 'Av. José Larco 1301, Miraflores, Lima' };
const supplier = {
  documentType: '6',
  documentNumber: '20100070970',
  name: 'SUPERMERCADOS PERUANOS S.A.',
  address: 'Calle Morelli 181, San Borja, Lima',
} satisfies AgentCounterparty;
const agentCustomer = {
  documentType: '6',
  documentNumber: '20131312955',
  name: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
} satisfies AgentCounterparty;
const retentionDocuments = [
  { type: '01', number: 'F001-4512', issueDate: '2026-11-10', total: 1000, payment: { date: '2026-11-20', amount: 1000 } },
  {
    type: '01',
    number: 'F001-4530',
    issueDate: '2026-11-12',
    total: 500,
    currency: 'USD',
    payment: { date: '2026-11-20', amount: 500 },
    exchangeRate: { rate: 3.75, date: '2026-11-20' },
  },
] satisfies RetentionDocument[];
const retentionBody = {
  series: 'R001',
  issueDate: '2026-11-21',
  supplier,
  regime: '01',
  note: 'Retención de noviembre',
  documents: retentionDocuments,
} satisfies RetentionCreateParams;
const perceptionDocuments = [
  { type: '01', number: 'F001-128', issueDate: '2026-11-18', total: 1180, payment: { date: '2026-11-21', amount: 1180 } },
] satisfies PerceptionDocument[];
const perceptionBody = {
  series: 'P001',
  issueDate: '2026-11-21',
  customer: agentCustomer,
  regime: '01',
  documents: perceptionDocuments,
} satisfies PerceptionCreateParams;
const agentAccepted = (fullNumber: string) => ({ ...accepted, description: `El Comprobante numero ${fullNumber}, ha sido aceptado` });

const retention = {
  id: IDS.retentions,
  object: 'retention',
  ...retentionBody,
  number: 1,
  fullNumber: 'R001-1',
  rate: 0.03,
  documents: [
    { ...retentionDocuments[0]!, currency: 'PEN', payment: { ...retentionDocuments[0]!.payment, number: 1 }, retainedAmount: 30, netPaid: 970 },
    { ...retentionDocuments[1]!, payment: { ...retentionDocuments[1]!.payment, number: 1 }, retainedAmount: 56.25, netPaid: 1818.75 },
  ],
  totals: { retained: 86.25, paid: 2788.75 },
  status: 'accepted',
  signedXml: renderRetention(retentionBody, agentCents(RETENTION, retentionBody), { issuer: agentIssuer, fullNumber: 'R001-1', issueDate: '2026-11-21' }),
  pdfUrl: `https://api.yupana.pe/v1/retentions/${IDS.retentions}/pdf`,
  taxAuthority: agentAccepted('R001-1'),
  ...at,
} satisfies RetentionReceipt;

const perception = {
  id: IDS.perceptions,
  object: 'perception',
  ...perceptionBody,
  number: 1,
  fullNumber: 'P001-1',
  rate: 0.02,
  documents: [{ ...perceptionDocuments[0]!, currency: 'PEN', payment: { ...perceptionDocuments[0]!.payment, number: 1 }, perceivedAmount: 23.6, netCashed: 1203.6 }],
  totals: { perceived: 23.6, cashed: 1203.6 },
  status: 'accepted',
  signedXml: renderPerception(perceptionBody, agentCents(PERCEPTION, perceptionBody), { issuer: agentIssuer, fullNumber: 'P001-1', issueDate: '2026-11-21' }),
  pdfUrl: `https://api.yupana.pe/v1/perceptions/${IDS.perceptions}/pdf`,
  taxAuthority: agentAccepted('P001-1'),
  ...at,
} satisfies PerceptionReceipt;

// ---------------------------------------------------------------------------------------------
// Guías de remisión (remitente 09, transportista 31)

const despatchRecipient = {
  documentType: '6',
  documentNumber: '20131312955',
  name: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
} satisfies DespatchParty;
const despatchDriver = {
  documentType: '1',
  documentNumber: '45678912',
  firstName: 'Juan Carlos',
  lastName: 'Pérez Quispe',
  licence: 'Q45678912',
} satisfies DespatchDriver;
const despatchBody = {
  type: '09',
  series: 'T001',
  issueDate: '2026-11-21',
  reason: '01',
  recipient: despatchRecipient,
  transport: { mode: '02', startDate: '2026-11-22', vehicles: [{ plate: 'ABC123' }], drivers: [despatchDriver] },
  departure: { ubigeo: '150101', address: 'Av. Argentina 2000, Cercado de Lima' },
  arrival: { ubigeo: '040101', address: 'Calle Mercaderes 142, Arequipa' },
  grossWeight: 120.5,
  packages: 4,
  items: [{ description: 'Papel bond A4 80 g (millar)', quantity: 40, code: 'PAP-A4', sunatProductCode: '14111507' }],
  relatedDocuments: [{ type: '01', number: 'F001-128', issuerRuc: agentIssuer.ruc }],
} satisfies DespatchCreateParams;
const publicDespatchBody = {
  ...despatchBody,
  transport: { mode: '01', startDate: '2026-11-22', carrier: { ruc: '20512345678', name: 'TRANSPORTES RAPIDOS S.A.C.', mtcRegistration: '1523456CNG' } },
} satisfies DespatchCreateParams;
const carrierDespatchBody = {
  type: '31',
  series: 'V001',
  issueDate: '2026-11-21',
  recipient: despatchRecipient,
  shipper: { documentType: '6', documentNumber: agentIssuer.ruc, name: agentIssuer.name },
  transport: { startDate: '2026-11-22', carrier: { mtcRegistration: '1523456CNG' }, vehicles: [{ plate: 'ABC123' }], drivers: [despatchDriver] },
  departure: despatchBody.departure,
  arrival: despatchBody.arrival,
  grossWeight: 120.5,
  items: despatchBody.items,
  relatedDocuments: [{ type: '09', number: 'T001-1', issuerRuc: agentIssuer.ruc }],
} satisfies DespatchCreateParams;
const greDespatch = {
  id: IDS.despatches,
  object: 'despatch',
  ...despatchBody,
  number: 1,
  fullNumber: 'T001-1',
  weightUnit: 'KGM',
  status: 'pending',
  ticket: '1764601447000123',
  signedXml: renderDespatch(despatchBody, {
    issuer: agentIssuer,
    fullNumber: 'T001-1',
    issueDate: '2026-11-21',
    issueTime: '10:04:05',
    related: despatchBody.relatedDocuments,
  }),
  pdfUrl: `https://api.yupana.pe/v1/despatches/${IDS.despatches}/pdf`,
  taxAuthority: {
    status: 'pending',
    code: '98',
    description: 'Envío en proceso',
    notes: [],
    attempts: 1,
    nextAttemptAt: '2026-11-21T15:05:05Z',
    respondedAt: '2026-11-21T15:04:07Z',
  },
  ...at,
} satisfies DespatchType;
const despatchAccepted = {
  ...greDespatch,
  status: 'accepted',
  taxAuthority: { ...accepted, description: 'La Guia numero T001-1, ha sido aceptada', respondedAt: '2026-11-21T15:05:05Z' },
  updatedAt: '2026-11-21T15:05:05Z',
} satisfies DespatchType;

/** What each event type is about, as it was then. */
const objectWhen: Record<EventType, Document | Voiding | Summary | RetentionReceipt | PerceptionReceipt | DespatchType> = {
  ...documentWhen,
  ...ticketWhen,
  'retention.accepted': retention,
  'retention.rejected': {
    ...retention,
    status: 'rejected',
    taxAuthority: {
      ...accepted,
      status: 'rejected',
      code: '2623',
      description: 'Los montos de pago, retenidos y montos pagados consignados para el documento relacionado no son correctos.',
    },
  },
  'retention.voided': { ...retention, status: 'voided', updatedAt: '2026-11-22T14:20:31Z' },
  'perception.accepted': perception,
  'perception.rejected': {
    ...perception,
    status: 'rejected',
    taxAuthority: {
      ...accepted,
      status: 'rejected',
      code: '2608',
      description: 'Los montos de pago, percibidos y montos cobrados consignados para el documento relacionado no son correctos.',
    },
  },
  'perception.voided': { ...perception, status: 'voided', updatedAt: '2026-11-22T14:20:31Z' },
  'despatch.accepted': despatchAccepted,
  'despatch.rejected': {
    ...despatchAccepted,
    status: 'rejected',
    taxAuthority: { ...despatchAccepted.taxAuthority, status: 'rejected', code: '1033', description: 'El comprobante fue registrado previamente con otros datos' },
  },
};

const eventIds: Record<EventType, string> = {
  'document.created': 'evt_1Aq4Zt',
  'document.accepted': IDS.events,
  'document.rejected': 'evt_5Wr8Hj',
  'document.retry_scheduled': 'evt_7Ks2Lb',
  'document.failed': 'evt_4Pe9Xn',
  'document.voided': 'evt_6Gm3Cv',
  'voiding.accepted': 'evt_2Rb7Kd',
  'voiding.rejected': 'evt_8Fw1Qs',
  'summary.accepted': 'evt_9Tn4Jc',
  'summary.rejected': 'evt_1Lx6Vp',
  'retention.accepted': 'evt_2Rt6Yx',
  'retention.rejected': 'evt_8Rj3Qw',
  'retention.voided': 'evt_9Rv5Ps',
  'perception.accepted': 'evt_3Pa8Dm',
  'perception.rejected': 'evt_4Pr1Gh',
  'perception.voided': 'evt_5Pv7Kc',
  'despatch.accepted': 'evt_6Dg2Ta',
  'despatch.rejected': 'evt_7Dr9Hu',
};

/** One event of each type the SDK knows, each carrying the document (retention, perception) as it was then. */
export const EVENT_EXAMPLES = Object.fromEntries(
  (Object.keys(objectWhen) as EventType[]).map((type) => [
    type,
    { id: eventIds[type], object: 'event', type, createdAt: objectWhen[type].updatedAt, data: { object: objectWhen[type] } } satisfies Event,
  ]),
) as Record<EventType, Event>;

// ---------------------------------------------------------------------------------------------
// The rest of the surface

const savedCustomer = {
  id: IDS.customers,
  object: 'customer',
  ...customer,
  phone: '+51 1 315 0730',
  metadata: { erp: 'CLI-00042' },
  ...at,
} satisfies Customer;

const product = {
  id: IDS.products,
  object: 'product',
  code: 'PAP-A4',
  description: 'Papel bond A4 80 g (millar)',
  unitPrice: 25.5,
  unitCode: 'NIU',
  igvAffectation: '10',
  currency: 'PEN',
  ...at,
} satisfies Product;

const savedSeries = { id: IDS.series, object: 'series', series: 'F001', documentType: '01', nextNumber: 129, active: true, ...at } satisfies Series;

const webhookEndpoint = {
  id: IDS['webhook-endpoints'],
  object: 'webhook_endpoint',
  url: 'https://erp.andinasdelsur.pe/webhooks/yupana',
  events: ['document.accepted', 'document.rejected', 'document.failed'],
  description: 'ERP: marca los pedidos como facturados',
  enabled: true,
  ...at,
} satisfies WebhookEndpoint;

const apiKey = {
  id: IDS['api-keys'],
  object: 'api_key',
  name: 'POS tienda Miraflores',
  permissions: ['documents:write', 'documents:read', 'customers:read'],
  environment: 'production',
  lastFour: 'Qz7w',
  ...at,
} satisfies APIKey;

const deleted = { id: IDS.customers, object: 'customer', deleted: true } satisfies DeletedObject;

/** The problem+json body of each error response of the document, by component name. */
export const PROBLEM_EXAMPLES = {
  BadRequest: problem(400, 'bad_request', 'Bad request', 'The body is not valid JSON: unexpected end of input at position 212.'),
  Unauthorized: problem(401, 'authentication_error', 'Authentication failed', 'No valid API key in the Authorization header.'),
  PermissionDenied: {
    ...problem(403, 'permission_denied', 'Permission denied', 'This API key lacks the documents:write permission.'),
    requiredPermission: 'documents:write',
  },
  NotFound: problem(404, 'not_found', 'Not found', `No such object: ${IDS.documents}.`),
  Conflict: problem(409, 'idempotency_key_in_use', 'Idempotency key in use', 'A request with this Idempotency-Key is still running. Retry later with the same key.'),
  UnprocessableEntity: {
    ...problem(422, 'validation_error', 'Invalid request', 'items[0].igv must be a number'),
    errors: [{ path: 'items.0.igv', code: 'invalid_type', message: 'Expected number' }],
  },
  IdempotencyKeyReused: problem(422, 'idempotency_key_reused', 'Idempotency key reused', 'This Idempotency-Key was used with another body in the last 24 hours.'),
  RateLimited: problem(429, 'rate_limited', 'Too many requests', 'The API key used its 100 requests of this 60 s window. Retry after 42 s.'),
  ServiceUnavailable: problem(503, 'unavailable', 'Service unavailable', 'The service is briefly unavailable. Retry with the same Idempotency-Key.'),
  ServerError: problem(500, 'internal_error', 'Internal error', 'Something went wrong on our side. Retry with the same Idempotency-Key.'),
} satisfies Record<string, Problem>;

function problem(status: number, code: string, title: string, detail: string) {
  return { type: `https://docs.yupana.pe/errors/${code}`, title, status, detail, code, requestId: REQUEST_ID };
}

/** The response headers' examples, by component name under `components.headers`. */
export const HEADER_EXAMPLES = {
  RequestId: REQUEST_ID,
  RateLimit: '"default";r=99;t=42',
  RateLimitPolicy: '"default";q=100;w=60',
  RetryAfter: '42',
  IdempotentReplayed: 'true',
} as const;

/** The Standard Webhooks headers' examples (a delivery of the `document.accepted` example). */
export const WEBHOOK_HEADER_EXAMPLES = {
  'webhook-id': IDS.events,
  'webhook-timestamp': String(Date.parse(EVENT_EXAMPLES['document.accepted'].createdAt) / 1000 + 1),
  'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
} as const;

/** The file answers' examples, by media type. */
export const FILE_EXAMPLES = {
  xml: signedXml,
  cdr,
  pdf: '%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n…\n%%EOF\n',
} as const;

/** Example of a `list` page of `item`: one item, and no next page. */
export const listExample = (item: unknown) => ({ object: 'list', data: [item], hasMore: false, nextCursor: null });

/** The examples of each schema that has some; the first is the one mock servers answer with. */
export const SCHEMA_EXAMPLES = new Map<z.ZodMiniType, readonly unknown[]>([
  // Building blocks
  [CalendarDate, ['2026-11-21']],
  [Timestamp, ['2026-11-21T15:04:05Z']],
  [Amount, [1830.18]],
  [Metadata, [{ pedido: 'PED-2026-0042', vendedor: 'V-07' }]],
  [Permission, ['documents:write', 'webhook-endpoints:read']],
  [DocumentType, ['01', '03']],
  [SeriesCode, ['F001', 'B001']],
  [DocumentStatus, ['accepted', 'pending']],
  [RucNumber, ['20131312955']],
  [DniNumber, ['46027896']],
  [Problem, [PROBLEM_EXAMPLES.UnprocessableEntity, PROBLEM_EXAMPLES.NotFound]],

  // Documents
  [DocumentCustomer, [customer, boleta.customer]],
  [Item, items],
  [
    Isc,
    [
      { system: '01', rate: 0.25 },
      { system: '02', amountPerUnit: 2.25 },
    ],
  ],
  [LineDiscount, [{ code: '00', amount: 10, base: 100 }]],
  [LineCharge, [{ code: '47', amount: 5, base: 100 }]],
  [
    GlobalDiscount,
    [
      { code: '02', amount: 50, base: 100 },
      { code: '03', amount: 100 },
    ],
  ],
  [GlobalCharge, [{ code: '46', amount: 10, base: 100 }]],
  [Installment, installments],
  [CashPaymentTerms, [cash]],
  [CreditPaymentTerms, [credit]],
  [PaymentTerms, [cash, credit]],
  [Detraction, [detraction]],
  [ItemAttribute, [{ code: '4003', name: 'Fecha de ingreso al establecimiento', startDate: '2026-11-18' } satisfies ItemAttribute]],
  [PaymentMethod, [{ code: '005', reference: '004512' } satisfies PaymentMethod]],
  [TripPoint, [{ ubigeo: '150101', address: 'Av. Argentina 2000, Cercado de Lima' } satisfies TripPoint]],
  [
    CargoTransport,
    [
      {
        origin: { ubigeo: '150101', address: 'Av. Argentina 2000, Cercado de Lima' },
        destination: { ubigeo: '040101', address: 'Calle Mercaderes 142, Arequipa' },
        description: 'Traslado de 20 t de cemento de Lima a Arequipa',
        serviceReferenceValue: 2400,
        effectiveLoadReferenceValue: 2300,
        nominalLoadReferenceValue: 2600,
      } satisfies CargoTransport,
    ],
  ],
  [Delivery, [{ address: 'Av. Ejército 710, Yanahuara', ubigeo: '040129', department: 'Arequipa', province: 'Arequipa', district: 'Yanahuara' } satisfies Delivery]],
  [Establishment, [{ code: '0001', address: 'Calle Mercaderes 142, Arequipa' } satisfies Establishment]],
  [DocumentDetraction, [detractionFilled]],
  [Perception, [{ code: '51' }]],
  [DocumentPerception, [perceptionFilled]],
  [Retention, [{ rate: 0.03 }]],
  [DocumentRetention, [retentionFilled]],
  [DespatchReference, [despatch]],
  [RelatedDocument, [relatedDocument]],
  [Advance, [{ type: '02', fullNumber: 'F001-16', amount: 4720 } satisfies Advance]],
  [Legend, [{ code: '2001', text: 'BIENES TRANSFERIDOS EN LA AMAZONÍA REGIÓN SELVA PARA SER CONSUMIDOS EN LA MISMA' }]],
  [DocumentIdReference, [reference]],
  [ExternalDocumentReference, [externalReference]],
  [NoteReference, [reference, externalReference]],
  [DocumentTotals, [totals]],
  [TaxAuthorityStatus, [accepted, documentWhen['document.rejected'].taxAuthority]],
  [DocumentCreateParams, [factura, boleta, notaDeCredito, facturaAlCredito, facturaConDetraccion, notaDeCreditoExterna]],
  [Document, [document, pendingBoleta, detractionDocument]],
  [DocumentListItem, [document, pendingBoleta].map(({ signedXml, ...listed }) => listed)],
  [
    DocumentListParams,
    [
      {
        type: '01',
        series: 'F001',
        status: 'accepted',
        customerDocumentNumber: '20131312955',
        issuedFrom: '2026-11-01',
        issuedTo: '2026-11-30',
        limit: 25,
        cursor: 'cur_Qm9Xb2',
      },
    ],
  ],
  [DocumentPdfParams, [{ format: 'ticket' }]],
  [DocumentVoidParams, [{ reason: 'Error en el RUC del cliente' }]],
  [DocumentEmailParams, [{ to: ['logistica@sunat.gob.pe', 'pagos@andinasdelsur.pe'] }]],
  [DocumentEmailResult, [{ sent: true }]],
  [ListParams, [{ limit: 25, cursor: 'cur_Qm9Xb2' }]],

  // Retentions and perceptions
  [AgentCounterparty, [supplier, agentCustomer]],
  [AgentPayment, [retentionDocuments[0]!.payment, { number: 2, date: '2026-11-20', amount: 250.5 }]],
  [AgentExchangeRate, [retentionDocuments[1]!.exchangeRate]],
  [AgentReceiptStatus, ['accepted', 'pending']],
  [RetentionDocument, retentionDocuments],
  [RetentionCreateParams, [retentionBody]],
  [RetainedDocument, retention.documents],
  [RetentionReceiptSchema, [retention]],
  [RetentionListItem, [retention].map(({ signedXml, ...listed }) => listed)],
  [
    RetentionListParams,
    [{ series: 'R001', status: 'accepted', documentNumber: '20100070970', issuedFrom: '2026-11-01', issuedTo: '2026-11-30', limit: 25, cursor: 'cur_Qm9Xb2' }],
  ],
  [PerceptionDocument, perceptionDocuments],
  [PerceptionCreateParams, [perceptionBody]],
  [PerceivedDocument, perception.documents],
  [PerceptionReceiptSchema, [perception]],
  [PerceptionListItem, [perception].map(({ signedXml, ...listed }) => listed)],
  [
    PerceptionListParams,
    [{ series: 'P001', status: 'accepted', documentNumber: '20131312955', issuedFrom: '2026-11-01', issuedTo: '2026-11-30', limit: 25, cursor: 'cur_Qm9Xb2' }],
  ],

  // Guías de remisión
  [DespatchParty, [despatchRecipient]],
  [DespatchCarrier, [publicDespatchBody.transport.carrier, carrierDespatchBody.transport.carrier]],
  [DespatchVehicle, [{ plate: 'ABC123' }]],
  [DespatchDriver, [despatchDriver]],
  [DespatchTransport, [despatchBody.transport, publicDespatchBody.transport, { mode: '02', startDate: '2026-11-22', m1l: true }]],
  [DespatchAddress, [despatchBody.departure, { ubigeo: '150101', address: 'Av. Argentina 2000, Cercado de Lima', establishmentCode: '0000' }]],
  [DespatchItem, despatchBody.items],
  [DespatchRelatedNumber, [despatchBody.relatedDocuments[0]!, carrierDespatchBody.relatedDocuments[0]!]],
  [DespatchRelatedId, [{ documentId: IDS.documents }]],
  [DespatchRelatedDocument, [despatchBody.relatedDocuments[0]!, { documentId: IDS.documents }]],
  [DespatchCreateParams, [despatchBody, publicDespatchBody, carrierDespatchBody]],
  [DespatchStatus, ['pending', 'accepted']],
  [Despatch, [greDespatch, despatchAccepted]],
  [DespatchListItem, [greDespatch].map(({ signedXml, ...listed }) => listed)],
  [DespatchListParams, [{ type: '09', series: 'T001', status: 'accepted', issuedFrom: '2026-11-01', issuedTo: '2026-11-30', limit: 25, cursor: 'cur_Qm9Xb2' }]],

  // Customers, products, series
  [CustomerCreateParams, [{ ...customer, phone: '+51 1 315 0730', metadata: { erp: 'CLI-00042' } }]],
  [CustomerUpdateParams, [{ email: 'facturas@sunat.gob.pe' }]],
  [Customer, [savedCustomer]],
  [
    ProductCreateParams,
    [
      { code: 'PAP-A4', description: 'Papel bond A4 80 g (millar)', unitPrice: 25.5 },
      { code: 'SRV-MNT', description: 'Servicio de mantenimiento de equipos', unitPrice: 1500, unitCode: 'ZZ' },
    ],
  ],
  [ProductUpdateParams, [{ unitPrice: 27 }]],
  [Product, [product]],
  [SeriesCreateParams, [{ series: 'B002', documentType: '03' }]],
  [SeriesUpdateParams, [{ active: false }]],
  [Series, [savedSeries]],
  [DeletedObject, [deleted]],

  // Webhook endpoints and events
  [WebhookEndpointCreateParams, [{ url: webhookEndpoint.url, events: webhookEndpoint.events, description: webhookEndpoint.description }]],
  [WebhookEndpointUpdateParams, [{ enabled: false }]],
  [WebhookEndpoint, [webhookEndpoint]],
  [WebhookEndpointWithSecret, [{ ...webhookEndpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }]],
  [Event, [EVENT_EXAMPLES['document.accepted'], EVENT_EXAMPLES['document.rejected']]],
  [Voiding, [voiding, ticketWhen['voiding.rejected']]],
  [VoidingLine, voiding.lines],
  [VoidingListParams, [{ kind: 'RA', status: 'accepted', documentId: IDS.documents, referenceDate: '2026-11-21', limit: 25, cursor: 'cur_Qm9Xb2' }]],
  [Summary, [summary, ticketWhen['summary.accepted']]],
  [SummaryLine, summary.lines],
  [SummaryListParams, [{ status: 'pending', documentId: 'doc_2Hx5Rb', referenceDate: '2026-11-21', limit: 25, cursor: 'cur_Qm9Xb2' }]],
  [TicketStatus, ['pending', 'accepted', 'rejected']],
  [EventListParams, [{ type: 'document.rejected', documentId: IDS.documents, limit: 25, cursor: 'cur_Qm9Xb2' }]],

  // API keys and the audit log
  [APIKeyCreateParams, [{ name: 'POS tienda Miraflores', permissions: ['documents:write', 'documents:read', 'customers:read'] }]],
  [APIKey, [apiKey]],
  [APIKeyWithSecret, [{ ...apiKey, key: 'sk_live_51Hq2xTb8VtR0aXkS4Qz7w' }]],
  [
    AuditLog,
    [
      {
        id: IDS['audit-logs'],
        object: 'audit_log',
        actor: { type: 'api_key', id: IDS['api-keys'] },
        action: 'documents.void',
        resource: { type: 'document', id: IDS.documents },
        ip: '190.42.118.7',
        requestId: REQUEST_ID,
        createdAt: '2026-11-22T14:18:02Z',
        updatedAt: '2026-11-22T14:18:02Z',
      } satisfies AuditLog,
    ],
  ],
  [AuditLogListParams, [{ actor: IDS['api-keys'], action: 'documents.void', from: '2026-11-01', to: '2026-11-30', limit: 25, cursor: 'cur_Qm9Xb2' }]],

  // Lookups, account, exchange rates
  [
    RucLookup,
    [
      {
        ruc: '20131312955',
        name: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
        tradeName: 'SUNAT',
        status: 'ACTIVO',
        condition: 'HABIDO',
        address: 'AV. GARCILASO DE LA VEGA NRO. 1472, LIMA, LIMA, LIMA',
      } satisfies RucLookup,
    ],
  ],
  [DniLookup, [{ dni: '46027896', name: 'ANA QUISPE FLORES' } satisfies DniLookup]],
  [
    Account,
    [
      {
        id: 'acct_1Rt5Mz',
        object: 'account',
        ruc: '20603123451',
        name: 'INVERSIONES ANDINAS DEL SUR S.A.C.',
        tradeName: 'Andinas del Sur',
        address: 'Av. José Larco 1301, Miraflores, Lima',
        email: 'facturacion@andinasdelsur.pe',
        establishments: [
          { code: '0000', address: 'Av. José Larco 1301, Miraflores, Lima' },
          { code: '0001', address: 'Calle Mercaderes 142, Arequipa' },
        ],
        igvReducedRate: true,
        boletaReporting: 'individual',
        environment: 'production',
        createdAt: '2026-03-02T14:00:00Z',
        updatedAt: '2026-11-21T15:04:07Z',
      } satisfies Account,
    ],
  ],
  [BoletaReporting, ['individual', 'summary']],
  [AccountUpdateParams, [{ tradeName: 'Andinas del Sur Café', email: 'facturacion@andinasdelsur.pe' }, { boletaReporting: 'summary' }]],
  [ExchangeRate, [{ date: '2026-11-20', currency: 'USD', buy: 3.741, sell: 3.746 } satisfies ExchangeRate]],
]);
