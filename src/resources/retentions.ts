import type { RequestOptions } from '../core/options.js';
import type { DocumentVoidParams } from '../models/document.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { RetentionCreateParams, RetentionListItem, RetentionListParams, RetentionReceipt } from '../models/retention.js';
import { type StrictChecksClient, strictCheck } from '../lib/strict/option.js';
import { APIResource, type BodyCheck, loadOperations, type ResourceClient } from './resource.js';
import type { retentionsOperations } from '../operations/retentions.js';

const operations = () => loadOperations().then((m) => m.retentionsOperations);

/**
 * Comprobantes de retención (`ret_`, catálogo 01 `20`): what an agente de retención issues to a
 * supplier for the IGV it withheld from its payments. Reach it as `client.retentions`.
 */
export class RetentionsResource extends APIResource<typeof retentionsOperations> {
  protected readonly _operations = operations;

  /** With the client's `strictSunatChecks` on, SUNAT's rules `create` checks once the body passes its schema (`lib/strict/`). */
  readonly #createCheck: () => Promise<BodyCheck<RetentionCreateParams>> | undefined;

  /** @internal */
  constructor(client: ResourceClient & StrictChecksClient) {
    super(client);
    this.#createCheck = strictCheck(client.strictSunatChecks, (checks) => checks.strictRetentionIssues);
  }

  /**
   * Issues a comprobante de retención. The service checks SUNAT's rules before it assigns a number
   * (a 422 whose `errors[]` carry `sunat_<code>` and the field's path), computes each document's
   * withheld amount and net payment and the totals in PEN, to the cent, and answers it.
   *
   * ```ts
   * const retention = await client.retentions.create({
   *   series: 'R001',
   *   supplier: { documentType: '6', documentNumber: '20100070970', name: 'PROVEEDOR S.A.' },
   *   regime: '01',
   *   documents: [{ type: '01', number: 'F001-100', issueDate: '2026-11-10', total: 1000, payment: { date: '2026-11-20', amount: 1000 } }],
   * });
   * retention.totals; // { retained: 30, paid: 970 }
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema (or, with the
   * client's `strictSunatChecks`, one of SUNAT's rules: `checkRetention` of `yupana/sunat`).
   */
  create(body: RetentionCreateParams, options?: RequestOptions): APIPromise<RetentionReceipt> {
    return this._do('create', { body, check: this.#createCheck() }, options);
  }

  /**
   * Fetches one comprobante de retención by its `ret_` id.
   *
   * ```ts
   * const { status, totals } = await client.retentions.retrieve('ret_5Hq2Kd');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<RetentionReceipt> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Lists comprobantes de retención newest first, filtered by series, status, the supplier's RUC
   * (`documentNumber`) and issue dates; pages automatically under `for await`. Each comes without
   * its `signedXml` (read that with {@link xml} or {@link retrieve}).
   *
   * ```ts
   * for await (const r of client.retentions.list({ documentNumber: '20100070970', issuedFrom: '2026-11-01' })) {
   *   console.log(r.fullNumber, r.totals.retained);
   * }
   * ```
   */
  list(params: RetentionListParams = {}, options?: RequestOptions): PagePromise<RetentionListItem> {
    return this._page('list', params, options);
  }

  /**
   * Downloads the signed UBL 2.0 XML (Retention) sent to SUNAT.
   *
   * ```ts
   * const xml = await client.retentions.xml('ret_5Hq2Kd');
   * ```
   */
  xml(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('xml', { params: { id } }, options);
  }

  /**
   * Downloads the PDF of the comprobante.
   *
   * ```ts
   * const pdf = await client.retentions.pdf('ret_5Hq2Kd');
   * ```
   */
  pdf(id: string, options?: RequestOptions): APIPromise<Uint8Array> {
    return this._do('pdf', { params: { id } }, options);
  }

  /**
   * Downloads the CDR (constancia de recepción): SUNAT's signed XML receipt. Fails with a
   * `NotFoundError` while SUNAT has not answered.
   *
   * ```ts
   * const cdr = await client.retentions.cdr('ret_5Hq2Kd');
   * ```
   */
  cdr(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('cdr', { params: { id } }, options);
  }

  /**
   * Voids an accepted comprobante de retención: the service sends SUNAT a resumen de reversiones
   * (`RR`, a voiding of `client.voidings`, named in `voidedBy`). It is `voiding`, then `voided`
   * once SUNAT accepts the RR's ticket (`accepted` again if SUNAT rejects it). One not accepted is
   * refused with `sunat_2750`, one voided or being voided with `sunat_2751`.
   *
   * ```ts
   * const receipt = await client.retentions.void('ret_5Hq2Kd', { reason: 'Pago anulado' });
   * const rr = await client.voidings.retrieve(receipt.voidedBy!.id); // RR-20261129-1
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  void(id: string, body: DocumentVoidParams, options?: RequestOptions): APIPromise<RetentionReceipt> {
    return this._do('void', { params: { id }, body }, options);
  }
}
