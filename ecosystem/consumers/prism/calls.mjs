/**
 * Every method of the installed `yupana` against Stoplight Prism serving openapi.json in
 * validation mode (`prism mock --errors`), started by ecosystem/run.mjs on loopback:
 * - each request must pass Prism's validation of the document (a violation is an error answer),
 *   and each answer, Prism's copy of the document's example, must come back parsed, equal to
 *   that example, with `Request-Id` and the rate limit read from the declared headers;
 * - each error an operation declares, asked for with `Prefer: code=<status>`, must become the
 *   SDK's error class for that status, with the problem's `code` and the request id;
 * - each event of the `webhooks` section, signed and unwrapped by `client.webhooks`, must come
 *   back as the example it is.
 * Methods are found on the client itself, so a method added to the SDK without a row here fails.
 *
 * Env: PRISM_URL (Prism's address), OPENAPI (the document Prism serves). Prints one summary
 * line; exits 1 listing every failure.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as yupana from 'yupana';

const { Client, APIResource } = yupana;
const spec = JSON.parse(readFileSync(process.env.OPENAPI, 'utf8'));
const client = new Client({ baseURL: process.env.PRISM_URL, apiKey: 'sk_test_prism', maxRetries: 0, logLevel: 'off' });

const deref = (node) =>
  node?.$ref
    ? deref(
        node.$ref
          .slice(2)
          .split('/')
          .reduce((at, key) => at[key.replaceAll('~1', '/').replaceAll('~0', '~')], spec),
      )
    : node;
/** What Prism answers for a media type in static mode: its `example`, else its first named example, else its schema's first example. */
const exampleOf = (media) => media.example ?? Object.values(media.examples ?? {})[0]?.value ?? deref(media.schema).examples?.[0];

// Bodies that pass the SDK's own checks and the document's.
const customer = { documentType: '6', documentNumber: '20131312955', name: 'SUNAT' };
const factura = { type: '01', series: 'F001', customer, items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }] };
const boleta = {
  type: '03',
  series: 'B001',
  customer: { documentType: '1', documentNumber: '46027896', name: 'ANA QUISPE FLORES' },
  items: [{ description: 'Menú ejecutivo', quantity: 2, unitPrice: 12.71, igv: 4.58 }],
};

const supplier = { documentType: '6', documentNumber: '20100070970', name: 'SUPERMERCADOS PERUANOS S.A.' };
const paid = { type: '01', number: 'F001-4512', issueDate: '2026-11-02', total: 1000, payment: { date: '2026-11-20', amount: 1000 } };
const retention = { series: 'R001', supplier, regime: '01', documents: [paid] };
const perception = {
  series: 'P001',
  customer: supplier,
  regime: '01',
  documents: [{ ...paid, number: 'F001-128', total: 1180, payment: { date: '2026-11-20', amount: 1180 } }],
};
const despatch = {
  type: '09',
  series: 'T001',
  reason: '01',
  recipient: customer,
  transport: {
    mode: '02',
    startDate: '2026-11-22',
    vehicles: [{ plate: 'ABC123' }],
    drivers: [{ documentType: '1', documentNumber: '45678912', firstName: 'JUAN', lastName: 'PEREZ', licence: 'Q45678912' }],
  },
  departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
  arrival: { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' },
  grossWeight: 120.5,
  items: [{ description: 'COMPUTADORA DE ESCRITORIO', quantity: 10 }],
};

/** One row per SDK method: how to call it with per-call options `o`. Composite methods call others and have no operation. */
const CALLS = [
  ['documents.create', (c, o) => c.documents.create(factura, o)],
  ['documents.retrieve', (c, o) => c.documents.retrieve('doc_8KqL1s', o)],
  ['documents.list', (c, o) => c.documents.list({ status: 'accepted', issuedFrom: new Date('2026-11-01T12:00:00Z'), issuedTo: '2026-11-30', limit: 10 }, o)],
  ['documents.xml', (c, o) => c.documents.xml('doc_8KqL1s', o)],
  ['documents.pdf', (c, o) => c.documents.pdf('doc_8KqL1s', { format: 'ticket' }, o)],
  ['documents.cdr', (c, o) => c.documents.cdr('doc_8KqL1s', o)],
  ['documents.void', (c, o) => c.documents.void('doc_8KqL1s', { reason: 'Error en el RUC del cliente' }, o)],
  ['documents.resend', (c, o) => c.documents.resend('doc_8KqL1s', o)],
  ['documents.email', (c, o) => c.documents.email('doc_8KqL1s', { to: ['pagos@sunat.gob.pe'] }, o)],
  ['customers.create', (c, o) => c.customers.create({ ...customer, phone: '+51 1 315 0730', metadata: { erp: 'CLI-00042' } }, o)],
  ['customers.retrieve', (c, o) => c.customers.retrieve('cus_4mXw2Q', o)],
  ['customers.update', (c, o) => c.customers.update('cus_4mXw2Q', { email: 'facturas@sunat.gob.pe' }, o)],
  ['customers.list', (c, o) => c.customers.list({ limit: 2 }, o)],
  ['customers.delete', (c, o) => c.customers.delete('cus_4mXw2Q', o)],
  ['products.create', (c, o) => c.products.create({ code: 'SRV-01', description: 'Consultoría', unitPrice: 100, unitCode: 'ZZ' }, o)],
  ['products.retrieve', (c, o) => c.products.retrieve('prod_7HbN3k', o)],
  ['products.update', (c, o) => c.products.update('prod_7HbN3k', { unitPrice: 27 }, o)],
  ['products.list', (c, o) => c.products.list({}, o)],
  ['products.delete', (c, o) => c.products.delete('prod_7HbN3k', o)],
  ['series.create', (c, o) => c.series.create({ series: 'B002', documentType: '03' }, o)],
  ['series.retrieve', (c, o) => c.series.retrieve('ser_2Lp9Vd', o)],
  ['series.update', (c, o) => c.series.update('ser_2Lp9Vd', { active: false }, o)],
  ['series.list', (c, o) => c.series.list({}, o)],
  ['webhookEndpoints.create', (c, o) => c.webhookEndpoints.create({ url: 'https://erp.example.pe/webhooks/yupana', events: ['document.accepted'] }, o)],
  ['webhookEndpoints.retrieve', (c, o) => c.webhookEndpoints.retrieve('we_5Tq8Rz', o)],
  ['webhookEndpoints.update', (c, o) => c.webhookEndpoints.update('we_5Tq8Rz', { enabled: false }, o)],
  ['webhookEndpoints.list', (c, o) => c.webhookEndpoints.list({}, o)],
  ['webhookEndpoints.delete', (c, o) => c.webhookEndpoints.delete('we_5Tq8Rz', o)],
  ['webhookEndpoints.rotateSecret', (c, o) => c.webhookEndpoints.rotateSecret('we_5Tq8Rz', o)],
  ['events.retrieve', (c, o) => c.events.retrieve('evt_3Nc7Ua', o)],
  ['events.list', (c, o) => c.events.list({ type: ['document.accepted', 'document.rejected'], documentId: 'doc_8KqL1s' }, o)],
  ['apiKeys.create', (c, o) => c.apiKeys.create({ name: 'Reportes', permissions: ['documents:read'] }, o)],
  ['apiKeys.retrieve', (c, o) => c.apiKeys.retrieve('key_6Vy1Pe', o)],
  ['apiKeys.list', (c, o) => c.apiKeys.list({}, o)],
  ['apiKeys.revoke', (c, o) => c.apiKeys.revoke('key_6Vy1Pe', o)],
  ['auditLogs.retrieve', (c, o) => c.auditLogs.retrieve('log_9Jd4Wm', o)],
  ['auditLogs.list', (c, o) => c.auditLogs.list({ actor: 'key_6Vy1Pe', action: 'documents.void', from: new Date('2026-11-01T12:00:00Z'), to: '2026-11-30' }, o)],
  ['lookups.ruc', (c, o) => c.lookups.ruc('20131312955', o)],
  ['lookups.dni', (c, o) => c.lookups.dni('46027896', o)],
  ['account.retrieve', (c, o) => c.account.retrieve(o)],
  ['account.update', (c, o) => c.account.update({ tradeName: 'Andinas del Sur Café' }, o)],
  ['voidings.retrieve', (c, o) => c.voidings.retrieve('void_4Hd8Ks', o)],
  ['voidings.list', (c, o) => c.voidings.list({ kind: 'RA', status: 'accepted', documentId: 'doc_8KqL1s', referenceDate: '2026-11-21', limit: 10 }, o)],
  ['voidings.xml', (c, o) => c.voidings.xml('void_4Hd8Ks', o)],
  ['voidings.cdr', (c, o) => c.voidings.cdr('void_4Hd8Ks', o)],
  ['summaries.retrieve', (c, o) => c.summaries.retrieve('sum_7Cq2Nf', o)],
  ['summaries.list', (c, o) => c.summaries.list({ status: 'pending', documentId: 'doc_2Hx5Rb', referenceDate: '2026-11-21' }, o)],
  ['summaries.xml', (c, o) => c.summaries.xml('sum_7Cq2Nf', o)],
  ['summaries.cdr', (c, o) => c.summaries.cdr('sum_7Cq2Nf', o)],
  ['retentions.create', (c, o) => c.retentions.create(retention, o)],
  ['retentions.retrieve', (c, o) => c.retentions.retrieve('ret_5Hq2Kd', o)],
  [
    'retentions.list',
    (c, o) =>
      c.retentions.list({ series: 'R001', status: 'accepted', documentNumber: '20100070970', issuedFrom: '2026-11-01', issuedTo: new Date('2026-11-30T12:00:00Z') }, o),
  ],
  ['retentions.xml', (c, o) => c.retentions.xml('ret_5Hq2Kd', o)],
  ['retentions.pdf', (c, o) => c.retentions.pdf('ret_5Hq2Kd', o)],
  ['retentions.cdr', (c, o) => c.retentions.cdr('ret_5Hq2Kd', o)],
  ['retentions.void', (c, o) => c.retentions.void('ret_5Hq2Kd', { reason: 'Pago anulado por el proveedor' }, o)],
  ['perceptions.create', (c, o) => c.perceptions.create(perception, o)],
  ['perceptions.retrieve', (c, o) => c.perceptions.retrieve('perc_7Wn4Rb', o)],
  ['perceptions.list', (c, o) => c.perceptions.list({ series: 'P001', limit: 5 }, o)],
  ['perceptions.xml', (c, o) => c.perceptions.xml('perc_7Wn4Rb', o)],
  ['perceptions.pdf', (c, o) => c.perceptions.pdf('perc_7Wn4Rb', o)],
  ['perceptions.cdr', (c, o) => c.perceptions.cdr('perc_7Wn4Rb', o)],
  ['perceptions.void', (c, o) => c.perceptions.void('perc_7Wn4Rb', { reason: 'Cobranza anulada' }, o)],
  ['despatches.create', (c, o) => c.despatches.create(despatch, o)],
  ['despatches.retrieve', (c, o) => c.despatches.retrieve('desp_3Gt8Mw', o)],
  [
    'despatches.list',
    (c, o) => c.despatches.list({ type: '09', series: 'T001', status: 'accepted', issuedFrom: '2026-11-01', issuedTo: new Date('2026-11-30T12:00:00Z') }, o),
  ],
  ['despatches.xml', (c, o) => c.despatches.xml('desp_3Gt8Mw', o)],
  ['despatches.pdf', (c, o) => c.despatches.pdf('desp_3Gt8Mw', o)],
  ['despatches.cdr', (c, o) => c.despatches.cdr('desp_3Gt8Mw', o)],
  ['exchangeRates.retrieve', (c, o) => c.exchangeRates.retrieve(new Date('2026-11-21T03:00:00Z'), o)], // still Nov 20 in Lima
];

/** Methods made of the others: each checked on its own below, against the same answers. */
const COMPOSITES = ['documents.createMany', 'documents.waitForOutcome', 'documents.createAndWait'];

/** Every method of every resource the client exposes, as `resource.method`. */
function sdkMethods() {
  const methods = [];
  for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(Object.getPrototypeOf(client)))) {
    const resource = descriptor.get?.call(client);
    if (!(resource instanceof APIResource)) continue;
    for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(resource))) if (method !== 'constructor') methods.push(`${name}.${method}`);
  }
  return methods;
}

/** The document's operations by operationId. */
const operations = new Map(Object.entries(spec.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [op.operationId, { ...op, method, path }])));

const ERROR_CLASSES = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  409: 'ConflictError',
  422: 'UnprocessableEntityError',
  429: 'RateLimitError',
  500: 'InternalServerError',
  503: 'InternalServerError',
};

const headerExample = (name) => spec.components.headers?.[name]?.schema?.examples?.[0];
const param = (header, key) => {
  const match = new RegExp(`;${key}=(\\d+)`).exec(header ?? '');
  return match ? Number(match[1]) : undefined;
};
const REQUEST_ID = headerExample('RequestId');
const RATE_LIMIT = {
  remaining: param(headerExample('RateLimit'), 'r'),
  resetSeconds: param(headerExample('RateLimit'), 't'),
  limit: param(headerExample('RateLimitPolicy'), 'q'),
  windowSeconds: param(headerExample('RateLimitPolicy'), 'w'),
};

const failures = [];
async function attempt(what, fn) {
  try {
    await fn();
    return true;
  } catch (error) {
    failures.push(`${what}: ${error?.message ?? error}`.split('\n').slice(0, 6).join('\n'));
    return false;
  }
}

// 1. Coverage: a row for every SDK method, an SDK method for every operation.
const methods = sdkMethods();
const rows = new Map(CALLS);
for (const sdk of methods) if (!rows.has(sdk) && !COMPOSITES.includes(sdk)) failures.push(`${sdk}: an SDK method with no row in calls.mjs`);
for (const sdk of [...rows.keys(), ...COMPOSITES]) if (!methods.includes(sdk)) failures.push(`${sdk}: a row for a method the SDK lacks`);
for (const id of operations.keys()) if (!rows.has(id.replace('_', '.'))) failures.push(`${id}: an operation of openapi.json no row calls`);

// 2. Every method: accepted by Prism, its example answer parsed.
let accepted = 0;
for (const [sdk, call] of CALLS) {
  const op = operations.get(sdk.replace('.', '_'));
  if (!op) continue;
  const ok = await attempt(sdk, async () => {
    const status = Object.keys(op.responses)
      .filter((s) => /^2\d\d$/.test(s))
      .sort()[0];
    const [mediaType, media] = Object.entries(deref(op.responses[status]).content)[0];
    const expected = exampleOf(media);
    const { data, requestId, rateLimit, response } = await call(client, {}).withResponse();
    if (response.status !== Number(status)) throw new Error(`answered ${response.status}, expected ${status}`);
    if (mediaType === 'application/pdf') deepStrictEqual(new TextDecoder().decode(data), expected);
    else if (op.responses[status].content?.['application/json']?.schema?.$ref?.endsWith('List')) {
      deepStrictEqual({ object: 'list', data: data.data, hasMore: data.hasMore, nextCursor: data.nextCursor }, expected);
    } else deepStrictEqual(data, expected);
    deepStrictEqual({ requestId, rateLimit }, { requestId: REQUEST_ID, rateLimit: RATE_LIMIT });
  });
  if (ok) accepted += 1;
}

// 3. The composite methods, over the same answers.
const documentExample = deref(spec.components.schemas.Document).examples?.[0];
const composites = {
  'documents.createAndWait': async () => deepStrictEqual(await client.documents.createAndWait(factura, { timeout: 10_000 }), documentExample),
  'documents.waitForOutcome': async () => deepStrictEqual(await client.documents.waitForOutcome('doc_8KqL1s', { timeout: 10_000 }), documentExample),
  'documents.createMany': async () => {
    const results = [];
    for await (const result of client.documents.createMany([factura, boleta], { concurrency: 2 })) results.push(result);
    deepStrictEqual(
      results.map((r) => [r.ok, r.document]),
      [
        [true, documentExample],
        [true, documentExample],
      ],
    );
  },
};
for (const [sdk, run] of Object.entries(composites)) if (await attempt(sdk, run)) accepted += 1;

// 4. Every declared error of every operation, mapped to its class.
let errors = 0;
let mapped = 0;
for (const [sdk, call] of CALLS) {
  const op = operations.get(sdk.replace('.', '_'));
  if (!op) continue;
  for (const declared of Object.keys(op.responses).filter((s) => /^[45]/.test(s))) {
    const status = declared === '5XX' ? 500 : Number(declared);
    errors += 1;
    const ok = await attempt(`${sdk} ${declared}`, async () => {
      const response = deref(op.responses[declared]);
      const problem = exampleOf(response.content['application/problem+json']);
      const expectedClass = ERROR_CLASSES[status];
      if (!expectedClass) throw new Error(`no error class is expected for ${status}`);
      let error;
      try {
        await call(client, { headers: { Prefer: `code=${status}` }, maxRetries: 0 });
      } catch (caught) {
        error = caught;
      }
      // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the error class a row expects, by name
      if (!(error instanceof yupana[expectedClass]) || !(error instanceof yupana.APIError)) throw new Error(`expected a ${expectedClass}, got ${error}`);
      deepStrictEqual({ status: error.status, code: error.code, requestId: error.requestId }, { status, code: problem.code, requestId: REQUEST_ID });
      if (response.headers['Retry-After']) {
        const seconds = Number(headerExample('RetryAfter'));
        deepStrictEqual(error.headers.get('retry-after'), String(seconds));
        if (status === 429) deepStrictEqual(error.retryAfter, seconds);
      }
    });
    if (ok) mapped += 1;
  }
}

// 5. Every event of the webhooks section, signed and unwrapped by the SDK.
const secret = spec.components.schemas.WebhookEndpointWithSecret.examples?.[0]?.secret ?? 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const receiver = new Client({ apiKey: 'sk_test_prism', webhookSecret: secret, logLevel: 'off' });
let unwrapped = 0;
for (const [type, item] of Object.entries(spec.webhooks ?? {})) {
  const event = item.post.requestBody.content['application/json'].example;
  const ok = await attempt(`webhook ${type}`, async () => {
    const body = JSON.stringify(event);
    const headers = await receiver.webhooks.sign(body, { id: event.id });
    const received = await receiver.webhooks.unwrap(body, headers);
    deepStrictEqual(received, event);
    if (received.type !== type) throw new Error(`the ${type} example carries type ${received.type}`);
  });
  if (ok) unwrapped += 1;
}

const total = CALLS.length + Object.keys(composites).length;
const summary = `${accepted} of ${total} SDK methods accepted and parsed (${operations.size} operations, ${Object.keys(composites).length} composite); ${mapped} of ${errors} declared errors mapped to their class; ${unwrapped} of ${Object.keys(spec.webhooks ?? {}).length} webhook examples unwrapped`;
if (failures.length > 0) {
  console.error(failures.join('\n\n'));
  console.error(`\n${summary}`);
  process.exit(1);
}
console.log(summary);
