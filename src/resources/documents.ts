import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  Document,
  DocumentCreateParams,
  DocumentEmailParams,
  DocumentEmailResult,
  DocumentListItem,
  DocumentListParams,
  DocumentPdfParams,
  DocumentVoidParams,
} from '../models/document.js';
import { lazily } from '../internal/lazy.js';
import { APIResource, type BodyCheck, loadOperations, type ResourceClient } from './resource.js';
import { type StrictChecksClient, strictCheck } from '../lib/strict/option.js';
import type { documentsOperations } from '../operations/documents.js';
import type { RequestOptions } from '../core/options.js';
import type { CreateManyOptions, CreateManyResult } from '../lib/create-many.js';
import type { CreateAndWaitOptions, WaitForOutcomeOptions } from '../lib/wait.js';

// The volume and waiting helpers load on first use: an app that only creates documents does not carry them.
const loadCreateMany = lazily(() => import('../lib/create-many.js'));
const loadWait = lazily(() => import('../lib/wait.js'));

const operations = () => loadOperations().then((m) => m.documentsOperations);

/**
 * Electronic tax documents: facturas (`01`), boletas (`03`), notas de crédito (`07`) and
 * débito (`08`). Reach it as `client.documents`.
 */
export class DocumentsResource extends APIResource<typeof documentsOperations> {
  protected readonly _operations = operations;

  /** With the client's `strictSunatChecks` on, SUNAT's rules `create` checks once the body passes its schema (`lib/strict/`). */
  readonly #createCheck: () => Promise<BodyCheck<DocumentCreateParams>> | undefined;

  /** @internal */
  constructor(client: ResourceClient & StrictChecksClient) {
    super(client);
    this.#createCheck = strictCheck(client.strictSunatChecks, (checks, setting) => (body) => checks.strictDocumentIssues(body, setting));
  }

  /**
   * Issues a document and submits it to SUNAT. Resolves with `status: 'accepted'` (or
   * `'rejected'`) when SUNAT answered within the request, and `'pending'` when the service is
   * still trying (it retries by itself and reports the outcome by webhook), or, for a boleta or a
   * nota on a `B` series of an account whose `boletaReporting` is `'summary'`, until SUNAT answers
   * the resumen diario that reports it (its `summaryId`).
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
    return this._do('create', { body, check: this.#createCheck() }, options);
  }

  /**
   * Fetches one document by its `doc_` id.
   *
   * ```ts
   * const doc = await client.documents.retrieve('doc_8KqL1s');
   * ```
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Document> {
    return this._do('retrieve', { params: { id } }, options);
  }

  /**
   * Lists documents newest first, filtered; pages automatically under `for await`. Each item is
   * the document without its `signedXml` (read that with {@link xml} or {@link retrieve}).
   *
   * ```ts
   * for await (const doc of client.documents.list({ status: 'accepted', issuedFrom: '2026-11-01' })) {
   *   console.log(doc.fullNumber, doc.totals.total);
   * }
   * ```
   */
  list(params: DocumentListParams = {}, options?: RequestOptions): PagePromise<DocumentListItem> {
    return this._page('list', params, options);
  }

  /**
   * Downloads the signed UBL 2.1 XML sent to SUNAT.
   *
   * ```ts
   * const xml = await client.documents.xml('doc_8KqL1s');
   * ```
   */
  xml(id: string, options?: RequestOptions): APIPromise<string> {
    return this._do('xml', { params: { id } }, options);
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
    return this._do('pdf', { params: { id }, query: params }, options);
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
    return this._do('cdr', { params: { id } }, options);
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
    return this._do('void', { params: { id }, body }, options);
  }

  /**
   * Starts a new submission of a `pending` or `failed` document to SUNAT. A document with a
   * `summaryId` is refused (`invalid_status`): SUNAT answers it through that summary's ticket.
   *
   * ```ts
   * const doc = await client.documents.resend('doc_8KqL1s');
   * ```
   */
  resend(id: string, options?: RequestOptions): APIPromise<Document> {
    return this._do('resend', { params: { id } }, options);
  }

  /**
   * Emails the document (PDF and XML) to 1 to 10 addresses.
   *
   * ```ts
   * await client.documents.email('doc_8KqL1s', { to: ['pagos@acme.pe'] });
   * ```
   */
  email(id: string, body: DocumentEmailParams, options?: RequestOptions): APIPromise<DocumentEmailResult> {
    return this._do('email', { params: { id }, body }, options);
  }

  /**
   * Issues many documents at once, `concurrency` at a time, and yields one result per input as
   * each completes (completion order; `index` says which input). Inputs are read only when a worker
   * is free, so a generator over a huge file is never loaded whole; results are not kept.
   *
   * Every worker shares one rate budget read from the API's `RateLimit` headers: requests in flight
   * count against what is left, a worker waits for the window to reset rather than provoke a 429,
   * and a 429 pauses every worker for its `Retry-After` before the input is tried again with the
   * same key (such waits do not use up `maxRetries`). Other failures are retried as usual.
   *
   * A failure is a result (`ok: false`), never a throw: a body that breaks the schema gets a
   * `ValidationError` and is not sent. Only bad `options` (a `ValidationError`, at the first
   * `next()`), an exception of your `onProgress`, or one of your `inputs` iterator (after the
   * results of the inputs already read) come out of the loop. Leaving the loop early (`break`)
   * aborts the requests in flight and starts no more; `signal` does the same but still yields a
   * result (an `APIUserAbortError`) for every input read.
   *
   * ```ts
   * function* boletas(): Generator<DocumentCreateParams> {
   *   for (const sale of sales) yield { type: '03', series: 'B001', customer: sale.customer, items: sale.items, metadata: { orderId: sale.id } };
   * }
   * for await (const result of client.documents.createMany(boletas(), {
   *   concurrency: 8,
   *   idempotencyKey: (body) => `order-${body.metadata?.orderId}`, // a re-run issues nothing twice
   * })) {
   *   if (result.ok) console.log(result.index, result.document.fullNumber, result.replayed ? '(issued before)' : '');
   *   else console.error(result.index, result.idempotencyKey, result.error.message);
   * }
   * ```
   */
  async *createMany(
    inputs: Iterable<DocumentCreateParams> | AsyncIterable<DocumentCreateParams>,
    options: CreateManyOptions = {},
  ): AsyncGenerator<CreateManyResult, void, undefined> {
    const { createMany } = await loadCreateMany();
    yield* createMany(inputs, options, {
      // `create`, its ValidationError naming the input: each body is checked once, there.
      create: (body, requestOptions, index) => this._do('create', { body, check: this.#createCheck(), bodyName: `documents.createMany input ${index}` }, requestOptions),
      maxRetries: this._client.maxRetries,
      log: this._client._log,
    });
  }

  /**
   * Resolves with the document once SUNAT has answered: its `status` is no longer `pending` (or
   * `voiding`). It polls `retrieve` at the document's `taxAuthority.nextAttemptAt` when it names a
   * future time, otherwise after 1 s, 2 s, 4 s... up to every 30 s. The deadline (`timeout`) is
   * kept: a poll under way then is aborted, its retries too, and the wait rejects with a
   * {@link WaitTimeoutError} carrying the last document seen.
   *
   * For many documents, or waits of minutes, prefer the `document.accepted` / `document.rejected`
   * webhooks: they cost no requests and survive a restart.
   *
   * ```ts
   * const doc = await client.documents.waitForOutcome('doc_8KqL1s', { timeout: 60_000 });
   * console.log(doc.status, doc.taxAuthority.code);
   * ```
   * @throws as a rejection: {@link WaitTimeoutError} at the deadline, {@link APIUserAbortError} when `signal`
   * aborts, {@link ValidationError} for a bad `timeout`, or the error of a poll that failed after its retries.
   */
  waitForOutcome(id: string, options: WaitForOutcomeOptions = {}): Promise<Document> {
    return loadWait().then(({ waitForOutcome }) => waitForOutcome((signal) => this.retrieve(id, { signal }), options));
  }

  /**
   * {@link create}, then, when the answer is `pending`, {@link waitForOutcome}: resolves with the
   * document once SUNAT has answered. `timeout` bounds the whole call, not one attempt: the
   * create is never cut short (cut, it could leave a document you cannot find), but a poll under
   * way at the deadline is aborted. A 201 answer resolves at once, without polling.
   *
   * ```ts
   * const doc = await client.documents.createAndWait(body, { timeout: 30_000, idempotencyKey: `order-${order.id}` });
   * if (doc.status === 'rejected') console.error(doc.taxAuthority.description);
   * ```
   * @throws as a rejection: what {@link create} throws, then what {@link waitForOutcome} throws; on a
   * {@link WaitTimeoutError} the document exists (`error.document`) and its outcome will come by webhook.
   */
  createAndWait(body: DocumentCreateParams, options: CreateAndWaitOptions = {}): Promise<Document> {
    const { timeout, ...request } = options;
    const { signal, headers, maxRetries } = request;
    return loadWait().then(({ createAndWait }) =>
      createAndWait(
        () => this.create(body, request),
        (id, deadline) => this.retrieve(id, { signal: deadline, headers, maxRetries }),
        { timeout, signal },
      ),
    );
  }
}
