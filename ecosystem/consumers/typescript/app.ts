// A typical program: an ES module (package.json "type": "module") using yupana's types.
import { APIError, Client, NotFoundError, RateLimitError, ValidationError, type Document, type DocumentCreateParams, type DocumentStatus } from 'yupana';
import { IGV_RATE, UNITS_OF_MEASURE, line, type UnitCode } from 'yupana/sunat';

const client = new Client({ apiKey: process.env['YUPANA_API_KEY'], environment: 'sandbox', maxRetries: 3 });

const params: DocumentCreateParams = {
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }],
};

export async function issue(): Promise<Document> {
  const { data, requestId } = await client.documents.create(params, { idempotencyKey: 'order-1' }).withResponse();
  const total: number = data.totals.total;
  const status: DocumentStatus = data.status;
  console.log(data.fullNumber, total, status, requestId);
  return data;
}

export async function report(): Promise<string[]> {
  const numbers: string[] = [];
  for await (const doc of client.documents.list({ status: 'accepted', issuedFrom: new Date() })) numbers.push(doc.fullNumber);
  const pdf: Uint8Array = await client.documents.pdf('doc_1', { format: 'ticket' });
  const xml: string = await client.documents.xml('doc_1');
  return [...numbers, String(pdf.byteLength), xml];
}

export async function safely(id: string): Promise<Document | undefined> {
  try {
    return await client.documents.retrieve(id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    if (error instanceof RateLimitError) console.log(error.retryAfter);
    if (error instanceof ValidationError) console.log(error.issues.map((issue) => issue.path));
    if (error instanceof APIError) console.log(error.status, error.code, error.requestId);
    throw error;
  }
}

// The types are real, not `any`: these lines must not compile.
// @ts-expect-error series is a string
void client.documents.create({ ...params, series: 1 });
// @ts-expect-error 'draft' is not an option of Client
void new Client({ draft: true });

// yupana/sunat: exact amounts as strings, typed catalogs with their Spanish names.
const amounts: { base: string; igv: string; total: string } = line({ quantity: 2, unitValue: 100, igvRate: IGV_RATE });
const unit: UnitCode = 'ZZ';
console.log(amounts.total, UNITS_OF_MEASURE[unit]);
// @ts-expect-error 'Servicio' is not a catálogo 03 code among the common ones
void UNITS_OF_MEASURE['Servicio'];
