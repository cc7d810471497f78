// CommonJS: the same, with require('yupana/testing').
const assert = require('node:assert/strict');
const { setupServer } = require('msw/node');
const { Client, NotFoundError } = require('yupana');
const { handlers, MOCK_API_KEY, startMockServer } = require('yupana/testing');

if (!require.resolve('yupana/testing').endsWith('testing.cjs')) throw new Error(`loaded ${require.resolve('yupana/testing')}`);

async function main() {
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const client = new Client({ apiKey: MOCK_API_KEY, environment: 'sandbox' });
  await assert.rejects(client.documents.retrieve('doc_missing'), NotFoundError);
  server.close();

  const mock = await startMockServer();
  const response = await fetch(`${mock.url}/v1/documents`, { headers: { Authorization: `Bearer ${MOCK_API_KEY}` } });
  assert.equal(response.status, 200);
  await mock.close();
  console.log(`msw handlers and startMockServer (${mock.url}) from require`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
