/**
 * Authentication and permissions: a bearer key the sandbox knows, with the permission the
 * request's resource needs (401 `authentication_error`, 403 `permission_denied`).
 *
 * @module
 */
import type { APIKeyStore, MockCaller } from '../store/api-keys.js';
import { MockAPIError } from './problem.js';

/** An API key the mock accepts by default, as any key that starts with `sk_test_` is. */
export const MOCK_API_KEY = 'sk_test_yupana_mock';

/**
 * The bearer key a request carries (`Authorization: Bearer <key>`, the scheme in any case);
 * `undefined` without one. Split, not matched with a pattern ending in a quantifier, so that it is
 * linear in a header of any length.
 */
export function bearerOf(request: Request): string | undefined {
  const [scheme, key, ...rest] = (request.headers.get('authorization') ?? '').trim().split(/\s+/);
  return scheme?.toLowerCase() === 'bearer' && key && rest.length === 0 ? key : undefined;
}

/** The permission a request needs: `<path segment after /v1/>:read` for GET, `:write` otherwise. */
export function requiredPermission(method: string, pathname: string): string {
  const resource = /\/v1\/([^/]+)/.exec(pathname)?.[1] ?? '';
  return `${resource}:${method === 'GET' ? 'read' : 'write'}`;
}

/**
 * The `detail` of a 401: what was wrong with the key, and which keys work when any test key does
 * (`anyTestKey`: the sandbox was given no `apiKeys`).
 */
const unauthenticated = (key: string | undefined, anyTestKey: boolean) =>
  key === undefined
    ? 'Missing API key: send Authorization: Bearer <key>'
    : anyTestKey && !key.startsWith('sk_test_')
      ? 'Invalid API key: the mock accepts keys that start with sk_test_'
      : 'Invalid API key';

/**
 * The caller of `request`, allowed to do what it asks: a 401 `authentication_error` without a
 * key `keys` knows, a 403 `permission_denied` (naming the `requiredPermission`) without the
 * permission its method and path need.
 */
export function authorize(request: Request, pathname: string, keys: APIKeyStore, anyTestKey: boolean): MockCaller {
  const key = bearerOf(request);
  const caller = key === undefined ? undefined : keys.authenticate(key);
  if (key === undefined || caller === undefined) {
    throw new MockAPIError(401, 'authentication_error', unauthenticated(key, anyTestKey));
  }
  const permission = requiredPermission(request.method, pathname);
  if (!caller.permissions.includes(permission)) {
    throw new MockAPIError(403, 'permission_denied', `This API key lacks the ${permission} permission`, undefined, { requiredPermission: permission });
  }
  return caller;
}
