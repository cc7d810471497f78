/**
 * ky loads on first use (a chunk of its own in a browser app). When that load fails (a network
 * cut while the chunk downloads), the call rejects with a typed, retryable connection error,
 * never a bare TypeError, and the next call loads it again.
 */
import { describe, expect, it, vi } from 'vitest';
import { APIConnectionError } from '../../src/index.js';
import { makeClient } from '../helpers.js';

vi.mock('ky', () => {
  throw new TypeError('Failed to fetch dynamically imported module: https://app.example/chunk-ky.js');
});

describe('a failed load of ky', () => {
  it('rejects the call with an APIConnectionError that says so, nothing sent', async () => {
    const error = await makeClient({ maxRetries: 0 })
      .documents.retrieve('doc_1')
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/could not load its HTTP client/);
    expect((error as Error).cause).toBeInstanceOf(Error);
  });
});
