import type { RequestOptions } from '../core/options.js';
import type { DocumentVoidParams } from '../models/document.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { PerceptionCreateParams, PerceptionListItem, PerceptionListParams, PerceptionReceipt } from '../models/perception.js';
import { type StrictChecksClient, strictCheck } from '../lib/strict/option.js';
import { APIResource, type BodyCheck, loadOperations, type ResourceClient } from './resource.js';
import type { perceptionsOperations } from '../operations/perceptions.js';

const operations = () => loadOperations().then((m) => m.perceptionsOperations);

/**
 * Comprobantes de percepción (`perc_`, catálogo 01 `40`): what an agente de percepción issues to a
 * customer for the percepción it charged on its collections. Reach it as `client.perceptions`.
 */
export class PerceptionsResource extends APIResource<typeof perceptionsOperations> {
  protected readonly _operations = operations;

  /** With the client's `strictSunatChecks` on, SUNAT's rules `create` checks once the body passes its schema (`lib/strict/`). */
  readonly #createCheck: () => Promise<BodyCheck<PerceptionCreateParams>> | undefined;

  /** @internal */
  constructor(client: ResourceClient & StrictChecksClient) {
    super(client);
    this.#createCheck = strictCheck(client.strictSunatChecks, (checks) => checks.strictPerceptionIssues);
  }

  /**
   * Issues a comprobante de percepción. The service checks SUNAT's rules before it assigns a
   * number (a 422 whose `errors[]` carry `sunat_<code>` and the field's path), computes each
   * document's percepción and amount collected and the totals in PEN, to the cent, and answers it.
   *
   * ```ts
   * const perception = await client.perceptions.create({
   *   series: 'P001',
   *   customer: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' },
   *   regime: '01',
   *   documents: [{ type: '01', number: 'F001-200', issueDate: '2026-11-10', total: 1180, payment: { date: '2026-11-20', amount: 1180 } }],
   * });
   * perception.totals; // { perceived: 23.6, cashed: 1203.6 }
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema (or, with the
   * client's `strictSunatChecks`, one of SUNAT's rules: `checkPerception` of `yupana/sunat`).
   */
  create(body: PerceptionCreateParams, options?: RequestOptions): APIPromise<PerceptionReceipt> {
    return this._do('create', { body, check: this.#createCheck() }, options);
  }

  /**
   * Fetches one comprobante de percepción by its `perc_` id.
   *
   * ```ts
   * const { status, totals } = await client.perceptions.retrieve('perc_7Wn4Rb');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<PerceptionReceipt> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Lists comprobantes de percepción newest first, filtered by series, status, the customer's RUC
   * (`documentNumber`) and issue dates; pages automatically under `for await`. Each comes without
   * its `signedXml` (read that with {@link xml} or {@link retrieve}).
   *
   * ```ts
   * for await (const p of client.perceptions.list({ status: 'accepted', issuedFrom: '2026-11-01' })) {
   *   console.log(p.fullNumber, p.totals.perceived);
   * }
   * ```
   */
  list(params: PerceptionListParams = {}, options?: RequestOptions): PagePromise<PerceptionListItem> {
    return this._page('list', params, options);
  }

  /**
   * Downloads the signed UBL 2.0 XML (Perception) sent to SUNAT.
   *
   * ```ts
   * const xml = await client.perceptions.xml('perc_7Wn4Rb');
   * ```
   */
  xml(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('xml', { params: { id } }, options);
  }

  /**
   * Downloads the PDF of the comprobante.
   *
   * ```ts
   * const pdf = await client.perceptions.pdf('perc_7Wn4Rb');
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
   * const cdr = await client.perceptions.cdr('perc_7Wn4Rb');
   * ```
   */
  cdr(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('cdr', { params: { id } }, options);
  }

  /**
   * Voids an accepted comprobante de percepción: the service sends SUNAT a resumen de reversiones
   * (`RR`, a voiding of `client.voidings`, named in `voidedBy`). It is `voiding`, then `voided`
   * once SUNAT accepts the RR's ticket (`accepted` again if SUNAT rejects it). One not accepted is
   * refused with `sunat_2750`, one voided or being voided with `sunat_2751`.
   *
   * ```ts
   * const receipt = await client.perceptions.void('perc_7Wn4Rb', { reason: 'Pago anulado' });
   * const rr = await client.voidings.retrieve(receipt.voidedBy!.id); // RR-20261129-1
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  void(id: string, body: DocumentVoidParams, options?: RequestOptions): APIPromise<PerceptionReceipt> {
    return this._do('void', { params: { id }, body }, options);
  }
}
