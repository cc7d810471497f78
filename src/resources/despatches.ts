import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { Despatch, DespatchCreateParams, DespatchListItem, DespatchListParams } from '../models/despatch.js';
import { type StrictChecksClient, strictCheck } from '../lib/strict/option.js';
import { APIResource, type BodyCheck, loadOperations, type ResourceClient } from './resource.js';
import type { despatchesOperations } from '../operations/despatches.js';

const operations = () => loadOperations().then((m) => m.despatchesOperations);

/**
 * Guías de remisión electrónicas (`desp_`): remitente `09` and transportista `31`, the documents
 * that go with goods on the move. SUNAT takes them by ticket: a create answers `pending`, and
 * SUNAT's answer comes later (`despatch.accepted` / `despatch.rejected`). Reach it as `client.despatches`.
 */
export class DespatchesResource extends APIResource<typeof despatchesOperations> {
  protected readonly _operations = operations;

  /** With the client's `strictSunatChecks` on, SUNAT's rules `create` checks once the body passes its schema (`lib/strict/`). */
  readonly #createCheck: () => Promise<BodyCheck<DespatchCreateParams>> | undefined;

  /** @internal */
  constructor(client: ResourceClient & StrictChecksClient) {
    super(client);
    this.#createCheck = strictCheck(client.strictSunatChecks, (checks) => checks.strictDespatchIssues);
  }

  /**
   * Issues a guía de remisión. The service checks SUNAT's rules before it assigns a number (a 422
   * whose `errors[]` carry `sunat_<code>` and the field's path), sends it to SUNAT and answers
   * **202** `pending` with SUNAT's `ticket`; it polls the ticket itself, then the guía is
   * `accepted` or `rejected`, with its event.
   *
   * ```ts
   * const despatch = await client.despatches.create({
   *   type: '09',
   *   series: 'T001',
   *   reason: '01',
   *   recipient: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' },
   *   transport: { mode: '02', startDate: '2026-11-30', vehicles: [{ plate: 'ABC123' }], drivers: [{ documentType: '1', documentNumber: '45678912', firstName: 'JUAN', lastName: 'PEREZ', licence: 'Q45678912' }] },
   *   departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
   *   arrival: { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' },
   *   grossWeight: 120.5,
   *   items: [{ description: 'COMPUTADORA DE ESCRITORIO', quantity: 10 }],
   * });
   * despatch.status; // 'pending'
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema (or, with the
   * client's `strictSunatChecks`, one of SUNAT's rules: `checkDespatch` of `yupana/sunat`).
   */
  create(body: DespatchCreateParams, options?: RequestOptions): APIPromise<Despatch> {
    return this._do('create', { body, check: this.#createCheck() }, options);
  }

  /**
   * Fetches one guía by its `desp_` id: `status` and `taxAuthority` say whether SUNAT answered.
   *
   * ```ts
   * const { status, taxAuthority } = await client.despatches.retrieve('desp_5Hq2Kd');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Despatch> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Lists guías newest first, filtered by type, series, status and issue dates; pages
   * automatically under `for await`. Each comes without its `signedXml` (read that with {@link xml}
   * or {@link retrieve}).
   *
   * ```ts
   * for await (const d of client.despatches.list({ type: '09', status: 'pending' })) {
   *   console.log(d.fullNumber, d.ticket);
   * }
   * ```
   */
  list(params: DespatchListParams = {}, options?: RequestOptions): PagePromise<DespatchListItem> {
    return this._page('list', params, options);
  }

  /**
   * Downloads the signed UBL 2.1 XML (DespatchAdvice) sent to SUNAT.
   *
   * ```ts
   * const xml = await client.despatches.xml('desp_5Hq2Kd');
   * ```
   */
  xml(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('xml', { params: { id } }, options);
  }

  /**
   * Downloads the PDF of the guía.
   *
   * ```ts
   * const pdf = await client.despatches.pdf('desp_5Hq2Kd');
   * ```
   */
  pdf(id: string, options?: RequestOptions): APIPromise<Uint8Array> {
    return this._do('pdf', { params: { id } }, options);
  }

  /**
   * Downloads the CDR (constancia de recepción): SUNAT's signed XML answer to the ticket. Fails
   * with a `NotFoundError` while SUNAT has not answered.
   *
   * ```ts
   * const cdr = await client.despatches.cdr('desp_5Hq2Kd');
   * ```
   */
  cdr(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('cdr', { params: { id } }, options);
  }
}
