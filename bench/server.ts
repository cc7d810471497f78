/**
 * The benchmark's loopback server, run in its own process so that its CPU never counts
 * against a contender. POST answers one document; GET /v1/documents serves `TOTAL` documents in
 * pages. It prints its port on stdout.
 */
import { createServer } from 'node:http';

const TOTAL = Number(process.env.BENCH_TOTAL ?? 100_000);
const doc = (n: number) => ({
  id: `doc_${n.toString(36).padStart(8, '0')}`,
  object: 'document',
  status: 'accepted',
  type: '01',
  series: 'F001',
  number: n,
  fullNumber: `F001-${n}`,
  customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: [{ description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36 }],
  currency: 'PEN',
  issueDate: '2026-11-21',
  totals: { taxable: 200, igv: 36, total: 236 },
  signedXml: '<Invoice/>',
  pdfUrl: `http://127.0.0.1/v1/documents/doc_${n}/pdf`,
  taxAuthority: { status: 'accepted', code: '0', description: 'aceptada', notes: [], attempts: 1, nextAttemptAt: null, respondedAt: '2026-11-21T15:00:00Z' },
  createdAt: '2026-11-21T15:00:00Z',
  updatedAt: '2026-11-21T15:00:00Z',
});
const created = JSON.stringify(doc(1));

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/v1/documents') {
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const start = Number(url.searchParams.get('cursor')?.slice(4) ?? 0);
      const end = Math.min(start + limit, TOTAL);
      const data = [];
      for (let n = start; n < end; n++) data.push(doc(TOTAL - n));
      const body = JSON.stringify({ object: 'list', data, hasMore: end < TOTAL, nextCursor: end < TOTAL ? `cur_${end}` : null });
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_bench' }).end(body);
      return;
    }
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'request-id': 'req_bench' }).end(created);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('disconnect', () => process.exit(0));
