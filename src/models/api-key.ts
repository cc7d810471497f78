import * as z from 'zod/mini';
import { ENVIRONMENT_NAMES, openEnum, text, Timestamp, looseObject, type Closed } from './shared.js';

/** The resources a permission names: the path segment after `/v1/`. */
export const PERMISSION_RESOURCES = [
  'documents',
  'customers',
  'products',
  'series',
  'webhook-endpoints',
  'events',
  'api-keys',
  'audit-logs',
  'lookups',
  'account',
  'exchange-rates',
  'voidings',
  'summaries',
  'retentions',
  'perceptions',
  'despatches',
] as const;

/**
 * A permission of an API key: `<resource>:read` (GET) or `<resource>:write` (every other
 * method), where the resource is the path segment after `/v1/`, e.g. `documents:write`,
 * `webhook-endpoints:read`. Permissions added later are accepted too.
 */
export const Permission = z
  .string()
  .check(
    z.maxLength(64, 'must be at most 64 characters'),
    z.regex(/^[a-z][a-z-]*:(read|write)$/, 'must be <resource>:read or <resource>:write, e.g. documents:write'),
  ) as unknown as z.ZodMiniType<Permission, Permission>;
/**
 * A permission of an API key: `<resource>:read` (GET) or `<resource>:write` (every other
 * method), where the resource is the path segment after `/v1/`, e.g. `documents:write`,
 * `webhook-endpoints:read`. Permissions added later are accepted too.
 */
export type Permission = `${(typeof PERMISSION_RESOURCES)[number]}:${'read' | 'write'}` | (string & {});

/** The body of `apiKeys.create`. */
export const APIKeyCreateParams = looseObject({
  /** What the key is for, e.g. `POS tienda Miraflores`. */
  name: text(1, 100),
  /** What the key may do. Default: every permission. */
  permissions: z.optional(z.array(Permission).check(z.minLength(1, 'must have at least one permission'))),
});
/**
 * The body of `apiKeys.create`.
 *
 * @interface
 */
export type APIKeyCreateParams = Closed<z.input<typeof APIKeyCreateParams>>;

/** An API key (`key_`). The secret itself is not part of it: only `apiKeys.create` shows it. Unknown fields are kept. */
export const APIKey = looseObject({
  /** Identifier: `key_` followed by an opaque part (not the secret). */
  id: z.string(),
  object: z.literal('api_key'),
  name: z.string(),
  permissions: z.array(Permission),
  /** Where the key works: the environment of the key that created it. */
  environment: openEnum(ENVIRONMENT_NAMES),
  /** The last four characters of the secret, to tell keys apart. */
  lastFour: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
/**
 * An API key (`key_`). The secret itself is not part of it: only `apiKeys.create` shows it. Unknown fields are kept.
 *
 * @interface
 */
export type APIKey = Closed<z.output<typeof APIKey>>;

/** What `apiKeys.create` answers: the key and its secret. */
export const APIKeyWithSecret = looseObject({
  ...APIKey.shape,
  /** The secret to send as `Authorization: Bearer <key>`. Shown only once: store it now. */
  key: z.string(),
});
/**
 * An API key with its secret, as `apiKeys.create` answers.
 *
 * @interface
 */
export type APIKeyWithSecret = Closed<z.output<typeof APIKeyWithSecret>>;
