/**
 * A month-end rehearsal against the mock sandbox: `npx tsx bench/sandbox-month-end.ts [count]`
 * (default 150 000). The sandbox (`startMockServer` from src/testing, real HTTP on 127.0.0.1)
 * runs in its own process; this one issues `count` facturas through the SDK, 16 at a time,
 * reading the server's memory every tenth of the way, then walks every document with
 * `for await (const doc of client.documents.list({ limit: 100 }))`. Prints a table.
 *
 * Targets (issue 18, item 8): under 500 MB RSS after 150 000 creates, the full listing under 5 s.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

interface Memory {
  rss: number;
  heapUsed: number;
}

if (process.argv.includes('--server')) {
  const { startMockServer } = await import('../src/testing/index.js');
  const server = await startMockServer();
  process.send!({ url: server.url });
  process.on('message', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send!({ rss, heapUsed } satisfies Memory);
  });
  process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
} else {
  const { Client } = await import('../src/index.js');
  const count = Number(process.argv[2] ?? 150_000);
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: 'inherit' });
  const [{ url }] = (await once(child, 'message')) as [{ url: string }];
  const memory = async (): Promise<Memory> => {
    child.send('memory');
    return ((await once(child, 'message')) as [Memory])[0];
  };
  const client = new Client({ apiKey: 'sk_test_month_end', baseURL: url });
  const body = {
    type: '01' as const,
    series: 'F001',
    customer: { documentType: '6' as const, documentNumber: '20131312955', name: 'ACME S.A.C.' },
    items: [{ description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36 }],
  };
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  const rows: string[] = [];
  const row = (done: number, seconds: number, m: Memory) => rows.push(`| ${done.toLocaleString('en')} | ${seconds.toFixed(1)} | ${mb(m.rss)} | ${mb(m.heapUsed)} |`);

  row(0, 0, await memory());
  const started = performance.now();
  let next = 0;
  const checkpoint = Math.max(1, Math.round(count / 10));
  for (let done = 0; done < count; ) {
    const target = Math.min(count, done + checkpoint);
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < target) {
          next++;
          await client.documents.create(body);
        }
      }),
    );
    done = target;
    row(done, (performance.now() - started) / 1000, await memory());
  }

  const listStarted = performance.now();
  let listed = 0;
  for await (const doc of client.documents.list({ limit: 100 })) if (doc.id) listed++;
  const listSeconds = (performance.now() - listStarted) / 1000;
  const after = await memory();

  console.log(`\nMonth-end rehearsal: ${count.toLocaleString('en')} creates, 16 at a time · Node ${process.version}\n`);
  console.log('| Created | Wall (s) | Server RSS (MB) | Server heap used after GC (MB) |');
  console.log('|---|---|---|---|');
  for (const line of rows) console.log(line);
  console.log(`\nfor await over client.documents.list({ limit: 100 }): ${listed.toLocaleString('en')} documents in ${listSeconds.toFixed(2)} s; server RSS then ${mb(after.rss)} MB\n`);
  child.disconnect();
}
