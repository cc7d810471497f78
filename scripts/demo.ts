/**
 * `npm run demo`: starts the mock sandbox on localhost and runs examples/quickstart.ts against
 * it with the real SDK, over real HTTP.
 */
import { MOCK_API_KEY, startMockServer } from 'yupana/testing';

const server = await startMockServer();
process.env.YUPANA_API_KEY = MOCK_API_KEY;
process.env.YUPANA_BASE_URL = server.url;
console.log(`Mock sandbox listening on ${server.url}\n`);
try {
  await import('../examples/quickstart.js');
  console.log(`\nThe mock received ${server.sandbox.requests.length} requests and holds ${server.sandbox.documents().length} documents.`);
} finally {
  await server.close();
}
