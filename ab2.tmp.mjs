import { fork } from 'node:child_process';
const ky = (await import('/work/main/node_modules/ky/distribution/index.js')).default;
const server = fork('/work/main/bench/server.ts', [], { execArgv: ['--import', 'tsx'], cwd: '/work/main', stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
const port = await new Promise((r) => server.stdout.once('data', (d) => r(Number(String(d)))));
const origin = `http://127.0.0.1:${port}`;
const body = { type: '01', series: 'F001', customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME' }, items: [{ description: 'x', quantity: 2, unitPrice: 100, igv: 36 }] };
const json = JSON.stringify(body);
const headers = () => ({ authorization: 'Bearer k', 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': crypto.randomUUID(), 'yupana-client': 'yupana-js/1.0.0 node/20' });
const c = {
  fetch: () => fetch(origin + '/v1/documents', { method: 'POST', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: json }).then((r) => r.json()),
  kyAsYupana: () => ky(origin + '/v1/documents', { method: 'POST', headers: headers(), body: json, redirect: 'manual', retry: 0, timeout: 60000, throwHttpErrors: false, fetch: (i, n) => globalThis.fetch(i, n) }).then((r) => r.text()).then(JSON.parse),
  kyBodyInFetch: () => ky(origin + '/v1/documents', { method: 'POST', headers: headers(), redirect: 'manual', retry: 0, timeout: 60000, throwHttpErrors: false, fetch: (i, n) => globalThis.fetch(i, { ...n, body: json }) }).then((r) => r.text()).then(JSON.parse),
  kyBodyInFetchNoTimeout: () => ky(origin + '/v1/documents', { method: 'POST', headers: headers(), redirect: 'manual', retry: 0, timeout: false, throwHttpErrors: false, fetch: (i, n) => globalThis.fetch(i, { ...n, body: json }) }).then((r) => r.text()).then(JSON.parse),
};
async function batch(fn, n) { const s = process.cpuUsage(); for (let i = 0; i < n; i++) await fn(); const d = process.cpuUsage(s); return (d.user + d.system) / n; }
for (const k in c) { const r = await c[k](); if (!r) throw new Error(k); await batch(c[k], 300); }
const res = {};
for (let r = 0; r < 9; r++) for (const k of (r % 2 ? Object.keys(c).reverse() : Object.keys(c))) (res[k] ??= []).push(await batch(c[k], 400));
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const b0 = med(res.fetch);
for (const k in res) console.log(k.padEnd(24), med(res[k]).toFixed(0).padStart(6), 'µs', (med(res[k]) / b0).toFixed(2) + '×');
server.kill();
