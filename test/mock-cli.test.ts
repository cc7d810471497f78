import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { http, passthrough } from 'msw';
import { describe, expect, it } from 'vitest';
import { Client } from '../src/index.js';
import { MOCK_API_KEY } from '../src/testing/index.js';
import { validCreate } from './helpers.js';
import { server } from './msw.js';

const CLI = ['--import', 'tsx', 'src/testing/cli.ts'];

describe('npx yupana-mock', () => {
  it('with --port 0 serves the mock on a free port, prints the URL and the key, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [...CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let stdout = '';
      child.stdout.setEncoding('utf8');
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          stdout += chunk;
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n[^]*API key: (\S+)\n/.exec(stdout);
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before listening: ${stdout}`)));
      });
      expect(stdout).toContain(`API key: ${MOCK_API_KEY}`);
      server.use(http.all(`${url}/*`, () => passthrough()));

      const client = new Client({ apiKey: MOCK_API_KEY, baseURL: url });
      const doc = await client.documents.create(validCreate());
      expect(await client.documents.retrieve(doc.id)).toMatchObject({ id: doc.id, status: 'accepted' });
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses a bad port and says why', async () => {
    const run = promisify(execFile)(process.execPath, [...CLI, '--port', 'http'], { timeout: 20_000 });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--port must be an integer from 0 to 65535') });
  });
});
