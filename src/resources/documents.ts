import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import { path } from '../internal/path.js';
import { validate } from '../internal/validate.js';
import {
  type Document,
  DocumentCreateParams,
  DocumentEmailParams,
  type DocumentEmailResult,
  DocumentListParams,
  DocumentPdfParams,
  DocumentVoidParams,
  strictDocumentCreateParams,
} from '../models/document.js';
import { APIResource } from './resource.js';
import type { RequestOptions } from '../client.js';

/**
 * Electronic tax documents: facturas (`01`), boletas (`03`), notas de crédito (`07`) and
 * débito (`08`). Reach it as `client.documents`.
 */
export class Documents extends APIResource {
  #createParams: typeof DocumentCreateParams | undefined;

  /** The schema `create` checks: with SUNAT's own rules on top when the client's `strictSunatChecks` is on. Built once. */
  get #createSchema(): typeof DocumentCreateParams {
    const strict = this._client.strictSunatChecks;
    return (this.#createParams ??= strict ? strictDocumentCreateParams(strict.igvRate) : DocumentCreateParams);
  }

  /**
   * Issues a document and submits it to SUNAT. Resolves with `status: 'accepted'` (or
   * `'rejected'`) when SUNAT answered within the request, and `'pending'` when the service is
   * still trying (it retries by itself and reports the outcome by webhook).
   *
   * ```ts
   * const doc = await client.documents.create({
   *   type: '01', series: 'F001',
   *   customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
   *   items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }],
   * });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema (or, with the
   * client's `strictSunatChecks`, one of SUNAT's rules).
   */
  create(body: DocumentCreateParams, options?: RequestOptions): APIPromise<Document> {
    return this._call(() => this._post('/v1/documents', validate(this.#createSchema, body, 'documents.create body'), options));
  }

  /**
   * Fetches one document by its `doc_` id.
   *
   * ```ts
   * const doc = await client.documents.retrieve('doc_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Document> {
    return this._call(() => this._get(path`/v1/documents/${id}`, options));
  }

  /**
   * Lists documents newest first, filtered; pages automatically under `for await`.
   *
   * ```ts
   * for await (const doc of client.documents.list({ status: 'accepted', issuedFrom: '2026-11-01' })) {
   *   console.log(doc.fullNumber, doc.totals.total);
   * }
   * ```
   */
  list(params: DocumentListParams = {}, options?: RequestOptions): PagePromise<Document> {
    return this._list(() => this._client.getList('/v1/documents', validate(DocumentListParams, params, 'documents.list params'), options));
  }

  /**
   * Downloads the signed UBL 2.1 XML sent to SUNAT.
   *
   * ```ts
   * const xml = await client.documents.xml('doc_8KqL1s');
   * ```
   */
  xml(id: string, options?: RequestOptions): APIPromise<string> {
    return this._call(() => this._get(path`/v1/documents/${id}/xml`, options, { responseType: 'text' }));
  }

  /**
   * Downloads the PDF: `a4` (default) or `ticket` for 80 mm receipt printers.
   *
   * ```ts
   * const pdf = await client.documents.pdf('doc_8KqL1s', { format: 'ticket' });
   * await fs.writeFile('F001-1.pdf', pdf);
   * ```
   */
  pdf(id: string, params: DocumentPdfParams = {}, options?: RequestOptions): APIPromise<Uint8Array> {
    return this._call(() =>
      this._get(path`/v1/documents/${id}/pdf`, options, { query: validate(DocumentPdfParams, params, 'documents.pdf params'), responseType: 'bytes' }),
    );
  }

  /**
   * Downloads the CDR (constancia de recepción): SUNAT's signed XML receipt for the document.
   * Fails with a `NotFoundError` while SUNAT has not answered.
   *
   * ```ts
   * const cdr = await client.documents.cdr('doc_8KqL1s');
   * ```
   */
  cdr(id: string, options?: RequestOptions): APIPromise<string> {
    return this._call(() => this._get(path`/v1/documents/${id}/cdr`, options, { responseType: 'text' }));
  }

  /**
   * Asks SUNAT to void an accepted document (comunicación de baja); the document moves to
   * `voiding`, then `voided`. SUNAT accepts it up to 7 days after issue; later, issue a nota de
   * crédito with reason `01`.
   *
   * ```ts
   * await client.documents.void('doc_8KqL1s', { reason: 'Error en el precio' });
   * ```
   */
  void(id: string, body: DocumentVoidParams, options?: RequestOptions): APIPromise<Document> {
    return this._call(() => this._post(path`/v1/documents/${id}/void`, validate(DocumentVoidParams, body, 'documents.void body'), options));
  }

  /**
   * Starts a new submission of a `pending` or `failed` document to SUNAT.
   *
   * ```ts
   * const doc = await client.documents.resend('doc_8KqL1s');
   * ```
   */
  resend(id: string, options?: RequestOptions): APIPromise<Document> {
    return this._call(() => this._post(path`/v1/documents/${id}/resend`, undefined, options));
  }

  /**
   * Emails the document (PDF and XML) to 1 to 10 addresses.
   *
   * ```ts
   * await client.documents.email('doc_8KqL1s', { to: ['pagos@acme.pe'] });
   * ```
   */
  email(id: string, body: DocumentEmailParams, options?: RequestOptions): APIPromise<DocumentEmailResult> {
    return this._call(() => this._post(path`/v1/documents/${id}/email`, validate(DocumentEmailParams, body, 'documents.email body'), options));
  }}
