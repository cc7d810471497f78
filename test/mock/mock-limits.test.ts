import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../src/index.js';
import { createMockSandbox, MOCK_API_KEY, startMockServer, type MockServer } from '../../src/testing/index.js';
import { http, passthrough } from 'msw';
import { server } from '../msw.js';

const factura = {
  type: '01',
  series: 'F001',
  customer: { documentType: '6', documentNumber: '20131312955', name: 'SUNAT' },
  items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }],
};

/** A raw HTTP/1.1 answer: status, lower-case headers, body (chunked encoding undone). */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseAnswer(raw: Buffer): RawAnswer {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  let rest = raw.subarray(end + 4);
  let body = rest;
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (!(size > 0)) break;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

/** Connects to the server (a raw socket: no client of ours rewrites or buffers anything). */
async function open(mock: MockServer): Promise<Socket> {
  const { hostname, port } = new URL(mock.url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  return socket;
}

/** Everything the server sends until it closes the connection. */
function answerOf(socket: Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    socket.once('end', () => resolve(Buffer.concat(chunks)));
    socket.once('error', (error) => (chunks.length > 0 ? resolve(Buffer.concat(chunks)) : reject(error)));
  });
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

describe('startMockServer: request bodies over the limit', () => {
  let mock: MockServer | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it('answers 413 payload_too_large from Content-Length alone, before any of the body arrives, and closes', async () => {
    mock = await startMockServer();
    expect(mock.sandbox.maxBodyBytes).toBe(1024 * 1024);
    const socket = await open(mock);
    const answer = answerOf(socket);
    socket.write(
      head([
        'POST /v1/documents HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${MOCK_API_KEY}`,
        'Idempotency-Key: big-1',
        'Content-Type: application/json',
        `Content-Length: ${150 * 1024 * 1024}`,
      ]),
    );
    const { status, headers, body } = parseAnswer(await answer);
    socket.destroy();
    expect(status).toBe(413);
    expect(headers['content-type']).toBe('application/problem+json');
    expect(headers['connection']).toBe('close');
    expect(JSON.parse(body)).toMatchObject({ status: 413, code: 'payload_too_large', title: 'Payload too large', requestId: headers['request-id'] });
    expect(JSON.parse(body).detail).toContain('1048576 bytes');
    expect(mock.sandbox.requests).toEqual([]);
  });

  it('stops reading a chunked body once past the limit: the 413 comes while the client is still sending', async () => {
    mock = await startMockServer({ maxBodyBytes: 64 * 1024 });
    const socket = await open(mock);
    const answer = answerOf(socket);
    let answered = false;
    void answer.then(
      () => (answered = true),
      () => (answered = true),
    );
    socket.once('data', () => (answered = true));
    socket.write(
      head(['POST /v1/documents HTTP/1.1', 'Host: 127.0.0.1', `Authorization: Bearer ${MOCK_API_KEY}`, 'Idempotency-Key: big-2', 'Transfer-Encoding: chunked']),
    );
    const chunk = Buffer.concat([Buffer.from('4000\r\n'), Buffer.alloc(0x4000, 0x20), Buffer.from('\r\n')]);
    const limit = 64 * 1024 * 1024;
    let sent = 0;
    while (!answered && sent < limit) {
      sent += 0x4000;
      if (!socket.write(chunk)) await Promise.race([once(socket, 'drain'), answer.catch(() => undefined)]);
    }
    if (!answered) socket.write('0\r\n\r\n');
    const { status, body } = parseAnswer(await answer);
    socket.destroy();
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ code: 'payload_too_large' });
    expect(sent).toBeLessThan(limit);
    // The server goes on serving.
    server.use(http.all(`${mock.url}/*`, () => passthrough()));
    const client = new Client({ apiKey: MOCK_API_KEY, baseURL: mock.url });
    expect((await client.documents.create(factura as never)).number).toBe(1);
  });

  it('builds pdfUrl from its own address, never from the Host header, and sends a whole answer with its length', async () => {
    mock = await startMockServer();
    const socket = await open(mock);
    const answer = answerOf(socket);
    const body = JSON.stringify(factura);
    socket.write(
      head([
        'POST /v1/documents HTTP/1.1',
        `Host: localhost:${new URL(mock.url).port}`,
        `Authorization: Bearer ${MOCK_API_KEY}`,
        'Idempotency-Key: host-1',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
      ]) + body,
    );
    const { status, headers, body: text } = parseAnswer(await answer);
    expect(status).toBe(201);
    // A whole answer goes out at once, framed by its length (one write, no chunked encoding).
    expect(headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(headers['transfer-encoding']).toBeUndefined();
    const doc = JSON.parse(text) as { id: string; pdfUrl: string };
    expect(doc.pdfUrl).toBe(`${mock.url}/v1/documents/${doc.id}/pdf`);
    expect(mock.sandbox.documents()[0]!.pdfUrl).toBe(doc.pdfUrl);
  });
});

describe('createMockSandbox: bodies, JSON and pdfUrl', () => {
  const BASE = 'https://sandbox.yupana.pe';
  const post = (body: string, idempotencyKey = 'k1') =>
    fetch(`${BASE}/v1/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${MOCK_API_KEY}`, 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' },
      body,
    });

  it('answers 413 payload_too_large for a body over maxBodyBytes, and records the request', async () => {
    const sandbox = createMockSandbox({ maxBodyBytes: 300 });
    server.use(...sandbox.handlers);
    const big = await post(JSON.stringify({ ...factura, metadata: { note: 'x'.repeat(300) } }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large', detail: 'The request body is larger than 300 bytes' });
    expect(sandbox.documents()).toEqual([]);
    expect(sandbox.requests).toMatchObject([{ method: 'POST', path: '/v1/documents', body: undefined }]);
    expect((await post(JSON.stringify(factura), 'k2')).status).toBe(201);
  });

  it('answers a body nested too deep or not JSON with 400 bad_request (which the SDK does not retry), and takes 64 levels', async () => {
    const sandbox = createMockSandbox();
    server.use(...sandbox.handlers);
    const refused = async (body: string, detail: string, key: string) => {
      const response = await post(body, key);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'bad_request', detail: expect.stringContaining(detail) });
    };
    await refused(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'nests deeper than 64 levels', 'd1');
    await refused(`{"metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`, 'nests deeper than 64 levels', 'd2');
    const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}"[[[{{{\\"]"${']'.repeat(levels)}`) as unknown;
    await refused(JSON.stringify({ ...factura, metadata: { deep: nested(63) } }), 'nests deeper than 64 levels', 'd3');
    await refused('{"type": "01",', 'not valid JSON', 'd4');
    // 64 levels (the body, metadata and 62 arrays), brackets inside strings not counted: the schema refuses such metadata, not the parser.
    const taken = await post(JSON.stringify({ ...factura, metadata: { deep: nested(62) } }), 'd5');
    expect(taken.status).toBe(422);
    expect(sandbox.requests).toHaveLength(5);
  });

  it('builds pdfUrl from the baseURL option', async () => {
    const sandbox = createMockSandbox({ baseURL: 'https://mock.example.test/' });
    server.use(...sandbox.handlers);
    const doc = (await (await post(JSON.stringify(factura))).json()) as { id: string; pdfUrl: string };
    expect(doc.pdfUrl).toBe(`https://mock.example.test/v1/documents/${doc.id}/pdf`);
    expect(() => createMockSandbox({ baseURL: 'ftp://x' })).toThrow(TypeError);
    expect(() => createMockSandbox({ maxBodyBytes: -1 })).toThrow(RangeError);
  });
});
