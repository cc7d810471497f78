// A page that calls the mock on another origin. The query string carries the mock's address and key.
import * as yupana from 'yupana';
import { factura, scenario } from './scenario.mjs';

const params = new URLSearchParams(location.search);
const apiKey = params.get('apiKey');
const baseURL = params.get('baseURL');

async function run() {
  // 1. Without the opt-in, the client refuses to run in a page, saying why.
  let refused;
  try {
    new yupana.Client({ apiKey, baseURL });
  } catch (error) {
    refused = error;
  }
  if (!(refused instanceof yupana.YupanaError) || !/readable by anyone/.test(refused.message)) {
    throw new Error(`new Client() in a browser did not refuse: ${refused}`);
  }

  // 2. With it: the SDK's headers plus an app header, so the CORS preflight must allow them all.
  const options = { apiKey, baseURL, dangerouslyAllowBrowser: true, defaultHeaders: { 'X-Shop-Id': 'tienda-7' } };
  const summary = await scenario(yupana, options);

  // 3. The headers the SDK reads must be exposed to the page: an idempotent replay is visible.
  const client = new yupana.Client(options);
  await client.documents.create(factura(), { idempotencyKey: 'browser-replay' });
  const { response } = await client.documents.create(factura(), { idempotencyKey: 'browser-replay' }).withResponse();
  if (response.headers.get('idempotent-replayed') !== 'true') throw new Error('Idempotent-Replayed is not readable by the page');
  return `${summary}; refused without dangerouslyAllowBrowser; Idempotent-Replayed readable`;
}

window.result = run().then(
  (summary) => ({ ok: true, summary }),
  (error) => ({ ok: false, error: String(error?.stack ?? error) }),
);
window.result.then(({ ok }) => (document.getElementById('status').textContent = ok ? 'ok' : 'failed'));
