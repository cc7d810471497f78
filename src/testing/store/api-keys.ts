/**
 * The sandbox's API keys: its own (every permission, never listed) and those `apiKeys.create`
 * makes, each with its permissions, until revoked.
 *
 * @module
 */
import type * as z from 'zod/mini';
import { type APIKey, type APIKeyCreateParams, PERMISSION_RESOURCES } from '../../models/api-key.js';
import { Collection } from './collection.js';
import { created, randomId } from './ids.js';

/** Every permission: read and write on every resource. What the sandbox's own keys have. */
export const ALL_PERMISSIONS: readonly string[] = PERMISSION_RESOURCES.flatMap((resource) => [`${resource}:read`, `${resource}:write`]);

/** Who is calling: the `key_` id of the API key and what it may do. */
export interface MockCaller {
  keyId: string;
  permissions: readonly string[];
}

/** The keys `apiKeys.create` made (listed, retrieved, revoked as a collection), and which secret is whose. */
export class APIKeyStore extends Collection<APIKey> {
  /** The `key_` id of each created key's secret. */
  readonly #keyIds = new Map<string, string>();
  /**
   * Every secret `apiKeys.create` made, kept across `reset`: once revoked or forgotten such a key
   * stays refused, though it starts with `sk_test_`.
   */
  readonly #issued = new Set<string>();

  /**
   * @param rootKeys The sandbox's own keys: every permission, never listed. `undefined`: any key
   * that starts with `sk_test_` (except those `apiKeys.create` made).
   */
  constructor(private readonly rootKeys: ReadonlySet<string> | undefined) {
    super('API key');
  }

  /** Forgets every created key (their secrets stay refused). */
  override reset(): void {
    super.reset();
    this.#keyIds.clear();
  }

  /** The caller a bearer secret stands for, or `undefined` for an unknown or revoked key. */
  authenticate(secret: string): MockCaller | undefined {
    const keyId = this.#keyIds.get(secret);
    if (keyId !== undefined) {
      try {
        return { keyId, permissions: this.get(keyId).permissions };
      } catch {
        this.#keyIds.delete(secret); // revoked
        return undefined;
      }
    }
    const root = this.rootKeys ? this.rootKeys.has(secret) : secret.startsWith('sk_test_') && !this.#issued.has(secret);
    return root ? { keyId: 'key_sandbox', permissions: ALL_PERMISSIONS } : undefined;
  }

  /** Creates an API key and answers it with its secret, the only time the secret is shown. */
  create(params: z.infer<typeof APIKeyCreateParams>): APIKey & { key: string } {
    const key = `sk_test_${randomId('', 24)}`;
    const apiKey = this.insert({
      ...params,
      ...created('key_', 'api_key'),
      permissions: params.permissions ?? [...ALL_PERMISSIONS],
      environment: 'sandbox',
      lastFour: key.slice(-4),
    });
    this.#keyIds.set(key, apiKey.id);
    this.#issued.add(key);
    return { ...apiKey, key };
  }
}
