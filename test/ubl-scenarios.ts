/**
 * The documents a Peruvian shop meets in its first month, as create bodies, each filled the way
 * the API answers it (`computeDocument` from `yupana/sunat` fills every default and derived value)
 * and rendered as the sandbox renders it (its draft, `renderUbl`). One source for the UBL tests,
 * `scripts/validate-ubl.ts`, the README examples and the sandbox. Amounts are `sunat.md`'s worked
 * examples.
 */
import type { Document, DocumentCreateParams } from '../src/models/document.js';
import { computeDocument } from '../src/sunat/document/index.js';
import { draftDocument, summariseDraft } from '../src/sunat/document/draft.js';
import { igvRateOn } from '../src/sunat/rates.js';
import { type Issuer, type ModifiedDocument, renderUbl } from '../src/sunat/ubl/index.js';

/** The sandbox's own account (src/testing/store/account.ts): SUNAT's test RUC. */
export const ISSUER: Issuer = {
  ruc: '20000000001',
  name: 'EMPRESA DE PRUEBAS S.A.C.',
  tradeName: 'YUPANA SANDBOX',
  address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA',
};

/** The issue date of every scenario (2026: ICBPER S/ 0.50 per bag, IGV 18%, or 10.5% in the padrón of restaurants and hotels). */
export const ISSUE_DATE = '2026-05-04';

const ruc = { documentType: '6', documentNumber: '20100047218', name: 'COMERCIAL ANDINA S.A.C.', address: 'JR. UCAYALI 250, CERCADO DE LIMA' };
const service = { description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36, unitCode: 'ZZ' } as const;

/** One scenario: a name, a create body, the number the API gives it, and the document a nota modifies when it names it by id. */
export type UblScenario = {
  /** Short name, used as the test's title and the table's row. */
  name: string;
  body: DocumentCreateParams & { issueDate: string };
  number: number;
  modifiedDocument?: ModifiedDocument;
  /** Issued by an account in SUNAT's padrón of restaurants and hotels (`account.igvReducedRate`): at the reduced IGV rate of its issue date. */
  igvReducedRate?: true;
};

/** The IGV rate the service issues a scenario at: the issuer's of its issue date (the reduced one of the padrón for a restaurant's). */
export const scenarioRate = ({ body, igvReducedRate = undefined }: Pick<UblScenario, 'body' | 'igvReducedRate'>): number =>
  igvRateOn(body.issueDate, { reduced: igvReducedRate === true });

export const UBL_SCENARIOS: UblScenario[] = [
  {
    name: 'cash factura',
    number: 1,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      dueDate: '2026-05-04',
      customer: ruc,
      items: [{ description: 'Cemento Portland tipo I (bolsa 42.5 kg)', quantity: 2, unitPrice: 100, igv: 36, code: 'CEM-42', sunatProductCode: '30111601' }],
      paymentTerms: { type: 'cash' },
      purchaseOrder: 'OC4471',
      despatches: [{ type: '09', fullNumber: 'T001-123' }],
      relatedDocuments: [{ type: '99', number: 'CONTRATO-2026-15' }],
    },
  },
  {
    name: 'credit factura with cuotas',
    number: 2,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      dueDate: '2026-07-03',
      customer: ruc,
      items: [{ ...service }],
      paymentTerms: {
        type: 'credit',
        installments: [
          { amount: 100.13, dueDate: '2026-06-03' },
          { amount: 135.87, dueDate: '2026-07-03' },
        ],
      },
    },
  },
  {
    name: 'detracción 014 at 4%',
    number: 3,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Carne de res en canal', quantity: 1, unitPrice: 800, igv: 144, unitCode: 'KGM' }],
      detraction: { code: '014', rate: 0.04, account: '00-741-123456' },
    },
  },
  {
    name: 'boleta with 2 plastic bags to varios',
    number: 1,
    body: {
      type: '03',
      series: 'B001',
      issueDate: ISSUE_DATE,
      customer: { documentType: '-', documentNumber: '-', name: 'CLIENTES VARIOS' },
      items: [
        { description: 'Gaseosa 500 ml', quantity: 2, unitPrice: 4.2372881356, igv: 1.53 },
        { description: 'Bolsa plástica', quantity: 2, unitPrice: 0.0847457627, igv: 0.03, icbper: 1 },
      ],
    },
  },
  {
    name: 'free line (11) with referenceValue',
    number: 4,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Bonificación: panetón', quantity: 2, unitPrice: 0, igv: 36, igvAffectation: '11', referenceValue: 100 }],
    },
  },
  {
    name: 'global discount 02',
    number: 5,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Licencia anual', quantity: 1, unitPrice: 100, igv: 18, unitCode: 'ZZ' }],
      discounts: [{ code: '02', amount: 50 }],
    },
  },
  {
    // A charge 49 is taxed (3277) though no line is: its IGV is the whole of the document's.
    name: 'global charge 49 on an exonerated line',
    number: 12,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Libro', quantity: 1, unitPrice: 100, igv: 0, igvAffectation: '20', unitCode: 'NIU' }],
      charges: [{ code: '49', amount: 10, base: 100 }],
    },
  },
  {
    name: 'global discount 03',
    number: 6,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Mantenimiento de equipos', quantity: 1, unitPrice: 500, igv: 90, unitCode: 'ZZ' }],
      discounts: [{ code: '03', amount: 100 }],
    },
  },
  {
    name: 'export in USD',
    number: 7,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      currency: 'USD',
      customer: { documentType: '0', documentNumber: '-', name: 'ACME TRADING LLC', address: '100 MAIN ST, MIAMI FL, USA' },
      items: [{ description: 'Café verde en grano', quantity: 100, unitPrice: 5.5, igv: 0, igvAffectation: '40', unitCode: 'KGM' }],
    },
  },
  {
    name: 'percepción 51',
    number: 8,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Cerveza (caja x 12)', quantity: 10, unitPrice: 60, igv: 108 }],
      perception: { code: '51' },
    },
  },
  {
    // SUNAT charges the percepción of a factura on a cash sale only (3330): on credit, operation 2001 carries none (no 3093).
    name: 'operation 2001 on credit, without percepción',
    number: 13,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      operationType: '2001',
      items: [{ description: 'Petróleo diésel B5 S-50 (galón)', quantity: 40, unitPrice: 15, igv: 108, unitCode: 'GLL' }],
      paymentTerms: { type: 'credit', installments: [{ amount: 708, dueDate: '2026-06-03' }] },
    },
  },
  {
    name: 'retención 3% on credit',
    number: 9,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Servicio de transporte de personal', quantity: 1, unitPrice: 600, igv: 108, unitCode: 'ZZ' }],
      retention: {},
      paymentTerms: { type: 'credit', installments: [{ amount: 686.76, dueDate: '2026-06-03' }] },
    },
  },
  {
    name: 'detracción 037 on a USD factura',
    number: 10,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      currency: 'USD',
      exchangeRate: 3.75,
      customer: ruc,
      items: [{ description: 'Servicio de soporte informático', quantity: 1, unitPrice: 1000, igv: 180, unitCode: 'ZZ' }],
      detraction: { code: '037', rate: 0.12, account: '00-741-123456' },
    },
  },
  {
    name: 'every field on one factura',
    number: 11,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      dueDate: '2026-07-03',
      customer: ruc,
      items: [
        {
          description: 'Cemento Portland tipo I (bolsa 42.5 kg)',
          quantity: 2,
          unitPrice: 100,
          igv: 34.2,
          code: 'CEM-42',
          sunatProductCode: '30111601',
          discounts: [{ code: '00', amount: 10 }],
          charges: [{ code: '48', amount: 5 }],
        },
        { description: 'Libro: Historia del Perú', quantity: 1, unitPrice: 50, igv: 0, igvAffectation: '20' },
        { description: 'Servicio de transporte público', quantity: 1, unitPrice: 30, igv: 0, igvAffectation: '30', unitCode: 'ZZ' },
        { description: 'Muestra gratuita: libro', quantity: 1, unitPrice: 0, igv: 0, igvAffectation: '21', referenceValue: 20 },
        { description: 'Bolsa plástica', quantity: 3, unitPrice: 0.0847457627, igv: 0.05, icbper: 1.5 },
      ],
      discounts: [{ code: '03', amount: 5 }],
      charges: [{ code: '49', amount: 10 }],
      rounding: -0.8,
      paymentTerms: {
        type: 'credit',
        installments: [
          { amount: 200, dueDate: '2026-06-03' },
          { amount: 117, dueDate: '2026-07-03' },
        ],
      },
      purchaseOrder: 'OC4472',
      despatches: [{ type: '09', fullNumber: 'T001-124' }],
      relatedDocuments: [{ type: '99', number: 'CONTRATO-2026-15' }],
    },
  },
  {
    name: 'nota de crédito for a factura issued elsewhere',
    number: 1,
    body: {
      type: '07',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ ...service }],
      reference: { type: '01', fullNumber: 'FF14-2', issueDate: '2026-04-20', reason: '01', description: 'Anulación de la operación' },
    },
  },
  {
    name: 'nota de crédito reason 13 with cuotas',
    number: 2,
    body: {
      type: '07',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Ajuste de las fechas de pago', quantity: 1, unitPrice: 0, igv: 0 }],
      reference: { type: '01', fullNumber: 'F001-2', issueDate: ISSUE_DATE, reason: '13', description: 'Nuevo cronograma de pagos' },
      paymentTerms: {
        type: 'credit',
        installments: [
          { amount: 118, dueDate: '2026-06-15' },
          { amount: 118, dueDate: '2026-07-15' },
        ],
      },
    },
  },
  {
    name: 'nota de débito by documentId',
    number: 1,
    modifiedDocument: { type: '01', fullNumber: 'F001-2', issueDate: ISSUE_DATE },
    body: {
      type: '08',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Intereses por mora', quantity: 1, unitPrice: 50, igv: 9, unitCode: 'ZZ' }],
      reference: { documentId: 'doc_F001_2', reason: '01', description: 'Intereses por pago fuera de plazo' },
    },
  },
  {
    name: 'boleta with bags SUNAT observes (4237, 4318, 4320)',
    number: 1,
    body: {
      type: '03',
      series: 'B009',
      issueDate: ISSUE_DATE,
      customer: { documentType: '-', documentNumber: '-', name: 'CLIENTES VARIOS' },
      // 1.00 over 3 bags is 0.33 a bag (3 × 0.33 = 0.99, not 1.00), not 2026's 0.50, and counted in dozens.
      items: [{ description: 'Bolsa plástica', quantity: 3, unitPrice: 0.0847457627, igv: 0.05, icbper: 1, unitCode: 'DZN' }],
    },
  },
  {
    name: 'boleta whose IGV total SUNAT observes (4290, 4310)',
    number: 2,
    body: {
      type: '03',
      series: 'B009',
      issueDate: ISSUE_DATE,
      customer: { documentType: '-', documentNumber: '-', name: 'CLIENTES VARIOS' },
      // Each line's 2.70 is within 1.00 of 1.80; the total 8.10 is 2.70 from 30.00 × 18%.
      items: [1, 2, 3].map((n) => ({ description: `Menú ${n}`, quantity: 1, unitPrice: 10, igv: 2.7 })),
    },
  },
  {
    name: 'factura with references SUNAT observes (4006, 4009, 4010, 4233)',
    number: 1,
    body: {
      type: '01',
      series: 'F009',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ ...service }],
      despatches: [{ type: '09', fullNumber: 'GUIA-123' }],
      relatedDocuments: [{ type: '55', number: 'CONTRATO 2026-15' }],
      purchaseOrder: 'OC-4471',
    },
  },
  {
    name: 'export of goods with a free sample',
    number: 14,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      operationType: '0200',
      currency: 'USD',
      customer: { documentType: '0', documentNumber: '-', name: 'ANDES TRADING LLC' },
      items: [
        { description: 'Café orgánico (saco de 60 kg)', quantity: 10, unitPrice: 250, igv: 0, igvAffectation: '40' },
        { description: 'Muestra de café tostado', quantity: 1, unitPrice: 0, igv: 0, igvAffectation: '21', referenceValue: 15 },
      ],
    },
  },
  {
    name: 'nota de crédito of a boleta with a global discount SUNAT observes (4312, 4367)',
    number: 1,
    body: {
      type: '07',
      series: 'B009',
      issueDate: ISSUE_DATE,
      customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' },
      items: [{ description: 'Descuento por pronto pago', quantity: 1, unitPrice: 50, igv: 9 }],
      discounts: [{ code: '03', amount: 5 }],
      reference: { type: '03', fullNumber: 'B009-7', issueDate: '2026-04-28', reason: '04', description: 'Descuento global por pronto pago' },
    },
  },
  {
    // A restaurant in SUNAT's padrón (Ley 31556) on 2026-05-04: 10.5%. 20 menús × 25.00 = 500.00, IGV 52.50;
    // 10 jarras × 5.00 = 50.00, IGV 5.25: taxable 550.00 × 10.5% = 57.75, total 607.75.
    name: 'restaurant factura at the reduced rate of 10.5%',
    number: 15,
    igvReducedRate: true,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [
        { description: 'Menú ejecutivo (almuerzo de trabajo)', quantity: 20, unitPrice: 25, igv: 52.5 },
        { description: 'Chicha morada (jarra de 1 l)', quantity: 10, unitPrice: 5, igv: 5.25 },
      ],
    },
  },
  {
    // An advance (anticipo) of 40% of an order of 10 laptops, billed when paid: 4 000.00 + IGV 720.00 = 4 720.00.
    name: "anticipo: the advance's own factura",
    number: 16,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Anticipo del 40% del pedido OC4480: 10 laptops', quantity: 1, unitPrice: 4000, igv: 720, unitCode: 'ZZ' }],
    },
  },
  {
    // The delivery: 10 × 1 000.00 = 10 000.00 + IGV 1 800.00, less the advance F001-16 (4 720.00, its value 4 000.00 = 4 720.00 ÷ 1.18):
    // taxable 6 000.00, IGV 1 080.00; valor de venta 10 000.00 and precio de venta 11 800.00 keep the whole sale; payable 11 800.00 − 4 720.00 = 7 080.00.
    name: 'anticipo: the final factura that deducts it',
    number: 17,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Laptop 14" (pedido OC4480)', quantity: 10, unitPrice: 1000, igv: 1800 }],
      advances: [{ type: '02', fullNumber: 'F001-16', amount: 4720 }],
    },
  },
  {
    // The whole sale paid in advance: 4 000.00 + 720.00 less the advance of 4 720.00: taxable 0.00, IGV 0.00, payable 0.00.
    name: 'anticipo: a final factura that deducts everything pays 0.00',
    number: 18,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Servicio de catering (evento del 2026-05-04)', quantity: 1, unitPrice: 4000, igv: 720, unitCode: 'ZZ' }],
      advances: [{ type: '02', fullNumber: 'F001-16', amount: 4720, value: 4000 }],
    },
  },
];

/** The scenario named `name` (a typo fails loudly). */
export function scenario(name: string): UblScenario {
  const found = UBL_SCENARIOS.find((s) => s.name === name);
  if (!found) throw new Error(`no UBL scenario named ${name}`);
  return found;
}

/** The fields of a scenario's document as the API answers them. */
export type ScenarioDocument = Pick<
  Document,
  | 'type'
  | 'fullNumber'
  | 'issueDate'
  | 'dueDate'
  | 'currency'
  | 'operationType'
  | 'customer'
  | 'items'
  | 'paymentTerms'
  | 'detraction'
  | 'perception'
  | 'retention'
  | 'exchangeRate'
  | 'discounts'
  | 'charges'
  | 'despatches'
  | 'relatedDocuments'
  | 'purchaseOrder'
  | 'legends'
  | 'rounding'
  | 'reference'
  | 'totals'
>;

/**
 * A scenario's UBL XML as the sandbox renders it: its body (changed by `change`, for a test that
 * needs another value) drafted at its issuer's IGV rate of its issue date (or `igvRate`), numbered
 * `series-number`, issued by `issuer`.
 */
export function scenarioXml(
  { body, number, modifiedDocument, igvReducedRate }: UblScenario,
  { change = (b) => b, issuer = ISSUER, igvRate }: { change?: (body: UblScenario['body']) => DocumentCreateParams; issuer?: Issuer; igvRate?: number } = {},
): string {
  const changed = change(structuredClone(body));
  const draft = summariseDraft(draftDocument(changed, { igvRate: igvRate ?? scenarioRate({ body, igvReducedRate }), today: body.issueDate }));
  return renderUbl(draft, { issuer, fullNumber: `${changed.series}-${number}`, modifiedDocument });
}

/** The document as the API answers a scenario's body: the body with every default and derived value `computeDocument` fills. */
export function filledDocument({ body, number, igvReducedRate }: UblScenario): ScenarioDocument {
  const computed = computeDocument(body, { igvRate: scenarioRate({ body, igvReducedRate }) });
  const terms = computed.paymentTerms;
  return {
    type: body.type,
    fullNumber: `${body.series}-${number}`,
    issueDate: body.issueDate,
    dueDate: body.dueDate,
    currency: body.currency ?? 'PEN',
    operationType: computed.operationType,
    customer: body.customer,
    items: body.items,
    paymentTerms: terms?.type === 'credit' ? { type: 'credit', installments: terms.installments.map((i) => ({ amount: Number(i.amount), dueDate: i.dueDate })) } : terms,
    detraction: computed.detraction && { ...computed.detraction, amount: Number(computed.detraction.amount) },
    perception: computed.perception && {
      code: body.perception!.code,
      rate: computed.perception.rate,
      base: Number(computed.perception.base),
      amount: Number(computed.perception.amount),
      total: Number(computed.perception.total),
    },
    retention: computed.retention && {
      rate: computed.retention.rate,
      base: Number(computed.retention.base),
      amount: Number(computed.retention.amount),
    },
    exchangeRate: body.exchangeRate,
    discounts: body.discounts,
    charges: body.charges,
    despatches: body.despatches,
    relatedDocuments: body.relatedDocuments,
    purchaseOrder: body.purchaseOrder,
    legends: computed.legends,
    rounding: body.rounding,
    reference: body.reference,
    totals: Object.fromEntries(Object.entries(computed.totals).map(([key, value]) => [key, Number(value)])) as ScenarioDocument['totals'],
  };
}
