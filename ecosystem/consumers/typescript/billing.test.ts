// A user's own test of their billing code, with yupana/testing in their msw setup.
import { setupServer } from 'msw/node';
import { Client } from 'yupana';
import { createMockSandbox, defaultSandbox, handlers, MOCK_API_KEY, startMockServer, type MockFault, type MockSandbox, type RecordedRequest } from 'yupana/testing';

const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: 'error' });

const rejecting: MockSandbox = createMockSandbox({ outcome: () => 'rejected' });
server.use(...rejecting.handlers);
const outage: MockFault = { status: 503 };
rejecting.failNext(outage, { network: 'error' });

export async function run(): Promise<void> {
  const client = new Client({ apiKey: MOCK_API_KEY, environment: 'sandbox' });
  const doc = await client.documents.create({
    type: '03',
    series: 'B001',
    customer: { documentType: '1', documentNumber: '45678912', name: 'Ana Quispe' },
    items: [{ description: 'Menú', quantity: 1, unitPrice: 15.25, igv: 2.75 }],
  });
  const seen: RecordedRequest[] = rejecting.requests;
  console.log(doc.status, seen.length, defaultSandbox.documents().length);
  defaultSandbox.reset();

  const mock = await startMockServer({ port: 0 });
  const url: string = mock.url;
  console.log(url);
  await mock.close();
  server.close();
}
