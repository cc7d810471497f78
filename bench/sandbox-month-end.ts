/**
 * A month-end rehearsal against the mock sandbox: `npx tsx bench/sandbox-month-end.ts [count]`
 * (default 150 000; it takes minutes). The `yupana-mock` program (src/cli/mock.ts, run with
 * tsx) serves the sandbox over real HTTP on 127.0.0.1 in its own process; this one issues `count`
 * facturas through the SDK, 16 at a time, reading the server's resident memory (VmRSS, as the
 * operating system counts it, no forced GC) every tenth of the way, then walks every document with
 * `for await (const doc of client.documents.list({ limit: 100 }))`, three times (the machine's
 * load average is printed beside: on a shared machine the best walk is the fairest). Prints a Markdown table.
 *
 * Targets (issue 18, item 8): under 500 MB RSS after 150 000 creates, the full listing under 5 s.
 * Linux only (it reads /proc).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Client } from '../src/index.js';

const count = Number(process.argv[2] ?? 150_000);
const cli = fileURLToPath(new URL('../src/cli/mock.ts', import.meta.url));
const server = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(out);
    if (match) resolve(match[1]!);
  });
  server.once('exit', (code) => reject(new Error(`yupana-mock exited with ${code}: ${out}`)));
});

/** CPU seconds the server has used so far (user + system), as /proc says. */
const serverCpu = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** CPU seconds this process (the SDK's side) has used so far. */
const clientCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** The server's resident memory in MB, as /proc says. */
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;

const client = new Client({ apiKey: 'sk_test_month_end', baseURL: url });
const body = {
  type: '01' as const,
  series: 'F001',
  customer: { documentType: '6' as const, documentNumber: '20131312955', name: 'ACME S.A.C.' },
  items: [{ description: 'Servicio de consultoría', quantity: 2, unitPrice: 100, igv: 36 }],
};

console.log(`\nMonth-end rehearsal: ${count.toLocaleString('en')} creates through the SDK, 16 at a time, against yupana-mock · Node ${process.version}\n`);
console.log('| Created | Wall (s) | yupana-mock RSS (MB) |');
console.log('|---|---|---|');
const row = (done: number, seconds: number) => console.log(`| ${done.toLocaleString('en')} | ${seconds.toFixed(1)} | ${rss().toFixed(0)} |`);

row(0, 0);
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
  row(done, (performance.now() - started) / 1000);
}

console.log(
  `\n\`for await\` over \`client.documents.list({ limit: 100 })\`, three walks (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores):\n`,
);
console.log('| Walk | Documents | Wall (s) | CPU, yupana-mock (s) | CPU, SDK side (s) |');
console.log('|---|---|---|---|---|');
for (let walk = 1; walk <= 3; walk++) {
  const [wall, server, sdk] = [performance.now(), serverCpu(), clientCpu()];
  let listed = 0;
  for await (const doc of client.documents.list({ limit: 100 })) if (doc.id) listed++;
  const row = [(performance.now() - wall) / 1000, serverCpu() - server, clientCpu() - sdk].map((n) => n.toFixed(2));
  console.log(`| ${walk} | ${listed.toLocaleString('en')} | ${row.join(' | ')} |`);
}
console.log(`\nyupana-mock RSS then ${rss().toFixed(0)} MB\n`);
server.kill('SIGTERM');
