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
  establishments: [
    { code: '0000', address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA' },
    { code: '0001', address: 'CALLE MERCADERES 142, CERCADO, AREQUIPA' },
  ],
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
    // ISC al valor 25% on 500.00 → 125.00, IGV on 625.00; específico 2.25 a litre on 10 litres → 22.50 (56.25 % of 40.00), IGV on 62.50.
    name: 'ISC al valor and específico',
    number: 15,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [
        { description: 'Whisky 750 ml', quantity: 10, unitPrice: 50, igv: 112.5, isc: { system: '01', rate: 0.25 } },
        { description: 'Cerveza (litro)', quantity: 10, unitPrice: 4, igv: 11.25, unitCode: 'LTR', isc: { system: '02', amountPerUnit: 2.25 } },
      ],
    },
  },
  {
    // ISC of system 03 on a base of its own (180.00, not the value 150.00): 30.60; IGV (150.00 + 30.60) × 18% = 32.51.
    // A free line with its ISC (2 × 2.25 = 4.50: IGV (8.00 + 4.50) × 18% = 2.25), out of the document's ISC; a global 02.
    name: 'ISC on its own base, on a free line, with a global discount 02',
    number: 16,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [
        { description: 'Gaseosa 500 ml', quantity: 100, unitPrice: 1.5, igv: 32.51, isc: { system: '03', rate: 0.17, base: 180 } },
        {
          description: 'Cerveza de regalo (litro)',
          quantity: 2,
          unitPrice: 0,
          igv: 2.25,
          unitCode: 'LTR',
          igvAffectation: '15',
          referenceValue: 4,
          isc: { system: '02', amountPerUnit: 2.25 },
        },
      ],
      discounts: [{ code: '02', amount: 10 }],
    },
  },
  {
    // 20 × 150.00 + 10 × 162.50 = 4625.00 of milled rice, less a 02 of 100.00: IVAP 4525.00 × 4% = 181.00; legend 2007.
    name: 'IVAP with a global discount 02',
    number: 17,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [
        { description: 'Arroz pilado superior (saco 50 kg)', quantity: 20, unitPrice: 150, igv: 120, igvAffectation: '17' },
        { description: 'Arroz pilado extra (saco 49 kg)', quantity: 10, unitPrice: 162.5, igv: 65, igvAffectation: '17' },
      ],
      discounts: [{ code: '02', amount: 100 }],
    },
  },
  {
    // A boleta's total with taxes (4310) adds the ISC: 90.00 − 5.00 + 35.00 ISC + IGV round((62.50 + 62.50 − 5.00) × 18%) = 21.60: 141.60.
    name: 'ISC boleta with a global discount 02',
    number: 4,
    body: {
      type: '03',
      series: 'B001',
      issueDate: ISSUE_DATE,
      customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' },
      items: [
        { description: 'Cerveza (litro)', quantity: 10, unitPrice: 4, igv: 11.25, unitCode: 'LTR', isc: { system: '02', amountPerUnit: 2.25 } },
        { description: 'Whisky 750 ml', quantity: 1, unitPrice: 50, igv: 11.25, isc: { system: '01', rate: 0.25 } },
      ],
      discounts: [{ code: '02', amount: 5 }],
    },
  },
  {
    name: 'IVAP boleta',
    number: 3,
    body: {
      type: '03',
      series: 'B001',
      issueDate: ISSUE_DATE,
      customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' },
      items: [{ description: 'Arroz pilado (saco 5 kg)', quantity: 3, unitPrice: 18.5, igv: 2.22, igvAffectation: '17' }],
    },
  },
  {
    // 3292: the free line's TaxAmount is its ICBPER 1.00, not 1.04 with the IGV of its 9996 subtotal.
    name: 'free line with ICBPER (3292)',
    number: 18,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [
        { description: 'Servicio de consultoría', quantity: 1, unitPrice: 100, igv: 18, unitCode: 'ZZ' },
        { description: 'Bolsa plástica de regalo', quantity: 2, unitPrice: 0, igv: 0.04, igvAffectation: '11', referenceValue: 0.1, icbper: 1 },
      ],
    },
  },
  {
    // Reason 12, ajustes afectos al IVAP: 2 sacks × 150.00 = 300.00 returned, IVAP 12.00, legend 2007.
    name: 'nota de crédito of reason 12 (IVAP)',
    number: 3,
    body: {
      type: '07',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Arroz pilado superior (saco 50 kg)', quantity: 2, unitPrice: 150, igv: 12, igvAffectation: '17' }],
      reference: { type: '01', fullNumber: 'F001-17', issueDate: ISSUE_DATE, reason: '12', description: 'Ajuste de la venta de arroz pilado' },
    },
  },
  {
    // A nota de débito of an ISC sale: 2 litres × 4.00 = 8.00, ISC 2 × 2.25 = 4.50, IGV (8.00 + 4.50) × 18% = 2.25.
    name: 'nota de débito with an ISC line',
    number: 2,
    body: {
      type: '08',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Cerveza (litro)', quantity: 2, unitPrice: 4, igv: 2.25, unitCode: 'LTR', isc: { system: '02', amountPerUnit: 2.25 } }],
      reference: { type: '01', fullNumber: 'F001-15', issueDate: ISSUE_DATE, reason: '02', description: 'Aumento en el valor' },
    },
  },
  {
    // IGV round((10 × 0.25 − 0.50) × 18%) = 0.36, where the lines' 0.50 less 0.50 × 18% would give 0.41.
    name: 'IGV of taxable × rate with a global discount 02',
    number: 19,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: Array.from({ length: 10 }, (_, i) => ({ description: `Tornillo ${i + 1}`, quantity: 1, unitPrice: 0.25, igv: 0.05 })),
      discounts: [{ code: '02', amount: 0.5 }],
    },
  },
  {
    // 10 × 3.50 + 4 × 0.50 + 2 × 10.00 + 1 × 40.00 = 97.00, IGV 6.30 + 0.36 + 3.60 + 7.20 = 17.46, total 114.46.
    name: 'factura with GTINs, a sale to the State, a delivery address, medios de pago, from establishment 0001',
    number: 15,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      establishmentCode: '0001',
      items: [
        {
          description: 'Leche evaporada entera 400 g',
          quantity: 10,
          unitPrice: 3.5,
          igv: 6.3,
          gtin: '7751271011126',
          attributes: [
            { code: '5000', name: 'Proveedores Estado: Número de Expediente', value: 'EXP-2026-0451' },
            { code: '5001', name: 'Proveedores Estado: Código de Unidad Ejecutora', value: '001234' },
            { code: '5002', name: 'Proveedores Estado: N° de Proceso de Selección', value: 'AS-SM-12-2026' },
            { code: '5003', name: 'Proveedores Estado: N° de Contrato', value: 'CONTRATO-088-2026' },
          ],
        },
        { description: 'Goma de mascar', quantity: 4, unitPrice: 0.5, igv: 0.36, gtin: '96385074' },
        { description: 'Pilas alcalinas AA (UPC-A)', quantity: 2, unitPrice: 10, igv: 3.6, gtin: '012345678905' },
        { description: 'Caja de 12 leches evaporadas', quantity: 1, unitPrice: 40, igv: 7.2, gtin: '17751271011123' },
      ],
      delivery: {
        address: 'AV. EJÉRCITO 710, YANAHUARA',
        ubigeo: '040129',
        urbanization: 'CERCADO',
        province: 'AREQUIPA',
        department: 'AREQUIPA',
        district: 'YANAHUARA',
      },
      paymentMethods: [
        { code: '005', reference: '004512' },
        { code: '003', account: '191-2345678-0-55' },
      ],
    },
  },
  {
    // 3 nights × 80.00 = 240.00, an export: no IGV.
    name: "export of lodging (0202) with the guest's data",
    number: 16,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      operationType: '0202',
      currency: 'USD',
      customer: { documentType: '7', documentNumber: 'X1234567', name: 'JOHN SMITH' },
      items: [
        {
          description: 'Hospedaje, habitación doble, 3 noches',
          quantity: 3,
          unitPrice: 80,
          igv: 0,
          igvAffectation: '40',
          unitCode: 'ZZ',
          attributes: [
            { code: '4000', name: 'Código de país de emisión del pasaporte', value: 'US' },
            { code: '4001', name: 'Código de país de residencia del sujeto no domiciliado', value: 'US' },
            { code: '4002', name: 'Fecha de ingreso al país', startDate: '2026-05-01' },
            { code: '4003', name: 'Fecha de ingreso al establecimiento', startDate: '2026-05-01' },
            { code: '4004', name: 'Fecha de salida del establecimiento', startDate: '2026-05-04' },
            { code: '4005', name: 'Número de días de permanencia', duration: 3 },
            { code: '4006', name: 'Fecha de consumo', startDate: '2026-05-04' },
            { code: '4007', name: 'Nombres y apellidos del huésped', value: 'JOHN SMITH' },
            { code: '4008', name: 'Tipo de documento de identidad del huésped', value: '7' },
            { code: '4009', name: 'Número de documento de identidad del huésped', value: 'X1234567' },
          ],
        },
      ],
    },
  },
  {
    // 1 000.00 + 180.00 = 1 180.00; detracción 12 % = 141.60.
    name: 'detracción 037 with a medio de pago and its account',
    number: 17,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ description: 'Servicio de mantenimiento de equipos', quantity: 1, unitPrice: 1000, igv: 180, unitCode: 'ZZ' }],
      detraction: { code: '037', rate: 0.12, account: '00-123-456789' },
      paymentMethods: [{ code: '003', account: '0011-0123-0100012345' }],
    },
  },
  {
    // 10 × 12.50 = 125.00, IGV 22.50, total 147.50.
    name: 'boleta with a vehicle plate (7000) and a GTIN',
    number: 2,
    body: {
      type: '03',
      series: 'B001',
      issueDate: ISSUE_DATE,
      customer: { documentType: '1', documentNumber: '05414828', name: 'Juan Pérez' },
      items: [
        {
          description: 'Petróleo diésel B5',
          quantity: 10,
          unitPrice: 12.5,
          igv: 22.5,
          unitCode: 'GLL',
          gtin: '7751271011126',
          attributes: [{ code: '7000', name: 'Gastos Art. 37 Renta: Número de Placa', value: 'ABC-123' }],
        },
      ],
      paymentMethods: [{ code: '009' }],
    },
  },
  {
    name: 'nota de débito with a delivery address and a medio de pago',
    number: 2,
    modifiedDocument: { type: '01', fullNumber: 'F001-15', issueDate: ISSUE_DATE },
    body: {
      type: '08',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      establishmentCode: '0001',
      items: [{ description: 'Flete adicional a Yanahuara', quantity: 1, unitPrice: 50, igv: 9, unitCode: 'ZZ' }],
      delivery: { address: 'AV. EJÉRCITO 710, YANAHUARA', ubigeo: '040129' },
      paymentMethods: [{ code: '003', account: '191-2345678-0-55' }],
      reference: { documentId: 'doc_F001_15', reason: '03', description: 'Flete no incluido en la factura' },
    },
  },
  {
    // 2 500.00 + 450.00 = 2 950.00; detracción 4 % = 118.00.
    name: 'detracción of a cargo transport service (1004) with its trip',
    number: 18,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      operationType: '1004',
      customer: ruc,
      items: [
        {
          description: 'Servicio de transporte de carga Lima - Arequipa',
          quantity: 1,
          unitPrice: 2500,
          igv: 450,
          unitCode: 'ZZ',
          cargoTransport: {
            origin: { ubigeo: '150101', address: 'AV. ARGENTINA 2000, CERCADO DE LIMA' },
            destination: { ubigeo: '040101', address: 'CALLE MERCADERES 142, CERCADO, AREQUIPA' },
            description: 'Traslado de 20 t de cemento de Lima a Arequipa',
            serviceReferenceValue: 2400,
            effectiveLoadReferenceValue: 2300,
            nominalLoadReferenceValue: 2600,
          },
        },
      ],
      detraction: { code: '027', rate: 0.04, account: '00-123-456789' },
    },
  },
  {
    // 20 t × 300.00 = 6 000.00, exonerated; detracción 4 % = 240.00.
    name: "detracción of hydrobiological resources (1002) with the catch's data",
    number: 19,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      operationType: '1002',
      customer: ruc,
      items: [
        {
          description: 'Anchoveta fresca',
          quantity: 20,
          unitPrice: 300,
          igv: 0,
          igvAffectation: '20',
          unitCode: 'TNE',
          attributes: [
            { code: '3001', name: 'Matrícula de la embarcación', value: 'CO-12345-PM' },
            { code: '3002', name: 'Nombre de la embarcación', value: 'DON LUCHO II' },
            { code: '3003', name: 'Tipo de especie vendida', value: 'ANCHOVETA' },
            { code: '3004', name: 'Lugar de descarga', value: 'CHIMBOTE' },
            { code: '3005', name: 'Fecha de descarga', startDate: '2026-05-03' },
            { code: '3006', name: 'Cantidad de especie vendida', quantity: 20 },
          ],
        },
      ],
      detraction: { code: '004', rate: 0.04, account: '00-123-456789' },
    },
  },
  {
    // 1 × 1 500.00 of interest, inafecto.
    name: 'factura of a mortgage loan (84121901) with its attributes',
    number: 20,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [
        {
          description: 'Intereses del crédito hipotecario, cuota de mayo 2026',
          quantity: 1,
          unitPrice: 1500,
          igv: 0,
          igvAffectation: '30',
          unitCode: 'ZZ',
          sunatProductCode: '84121901',
          attributes: [
            { code: '7001', name: 'Tipo de préstamo', value: '1' },
            { code: '7002', name: 'Indicador de primera vivienda', value: '3' },
            { code: '7003', name: 'Partida registral', value: 'P-11223344' },
            { code: '7004', name: 'Número de contrato', value: 'CH-2021-000981' },
            { code: '7005', name: 'Fecha de otorgamiento del crédito', value: '2021-03-15' },
            { code: '7006', name: 'Dirección del predio - ubigeo', value: '150131' },
            { code: '7007', name: 'Dirección del predio - dirección completa', value: 'CALLE LOS PINOS 145, SAN ISIDRO, LIMA' },
          ],
        },
      ],
    },
  },
  {
    name: 'factura with a delivery address SUNAT observes (4041, 4236, 4238, 4239, 4240, 4241)',
    number: 2,
    body: {
      type: '01',
      series: 'F009',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [{ ...service }],
      delivery: {
        address: 'AV',
        urbanization: 'URBANIZACIÓN LOS PINOS DE LA MOLINA ALTA',
        province: ' LIMA',
        department: 'DEPARTAMENTO DE LIMA METROPOLITANA Y CALLAO',
        district: 'SANTIAGO DE SURCO, URBANIZACIÓN LOS ALAMOS DE MONTERRICO',
        country: 'CL',
      },
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
  {
    // A bookshop's delivery deducting three advances, one per base: books 10 × 50.00 exonerated (20) less F001-19 of 200.00
    // (allowance 05): exempt 300.00; a reading course 4 × 250.00 unaffected (30) less F001-20 of 250.00 (06): unaffected 750.00;
    // shelves 10 × 1 000.00 + IGV 1 800.00 less F001-16 of 4 720.00 (04, value 4 000.00): taxable 6 000.00, IGV 1 080.00.
    // Valor de venta 11 500.00 and precio de venta 13 300.00 keep the whole sale; payable 13 300.00 − 5 170.00 = 8 130.00.
    name: 'anticipo: exonerated and unaffected advances (allowances 05 and 06)',
    number: 21,
    body: {
      type: '01',
      series: 'F001',
      issueDate: ISSUE_DATE,
      customer: ruc,
      items: [
        { description: 'Libro "Historia del Perú" (pedido OC5120)', quantity: 10, unitPrice: 50, igv: 0, igvAffectation: '20' },
        { description: 'Curso de lectura (4 sesiones)', quantity: 4, unitPrice: 250, igv: 0, igvAffectation: '30', unitCode: 'ZZ' },
        { description: 'Estante de madera', quantity: 10, unitPrice: 1000, igv: 1800 },
      ],
      advances: [
        { type: '02', fullNumber: 'F001-19', amount: 200, igvAffectation: '20' },
        { type: '02', fullNumber: 'F001-20', amount: 250, igvAffectation: '30' },
        { type: '02', fullNumber: 'F001-16', amount: 4720 },
      ],
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
