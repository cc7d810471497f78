/**
 * RFC 9457 problem+json responses of the mock, in one place (docs/contract.md §2).
 *
 * @module
 */

import type { FieldIssue } from '../../core/errors.js';

const TITLES: Record<string, string> = {
  bad_request: 'Bad request',
  authentication_error: 'Authentication failed',
  permission_denied: 'Permission denied',
  not_found: 'Not found',
  request_timeout: 'Request timeout',
  conflict: 'Conflict',
  idempotency_key_in_use: 'Idempotency key in use',
  payload_too_large: 'Payload too large',
  validation_error: 'Invalid request',
  idempotency_key_reused: 'Idempotency key reused',
  rate_limited: 'Too many requests',
  internal_error: 'Internal server error',
  unavailable: 'Service unavailable',
  misdirected_request: 'Misdirected request',
  forbidden_origin: 'Origin not allowed',
};

/** The error `code` the API uses for an HTTP status when nothing more specific applies. */
export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_denied';
    case 404:
      return 'not_found';
    case 408:
      return 'request_timeout';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 422:
      return 'validation_error';
    case 429:
      return 'rate_limited';
    case 502:
    case 503:
    case 504:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}

/**
 * An error raised while handling a request; the request wrapper turns it into a
 * problem+json response carrying the request id.
 */
export class MockAPIError extends Error {
  /**
   * @param status HTTP status to answer.
   * @param code The API's error `code` (see docs/contract.md §2).
   * @param detail Human-readable explanation.
   * @param errors Per-field errors of a `validation_error`.
   * @param extra More members of the problem body, e.g. `requiredPermission` on a 403.
   */
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: Required<FieldIssue>[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'MockAPIError';
  }
}

/** Builds the RFC 9457 body for an error `code`. */
export function problemBody(
  status: number,
  code: string,
  detail: string,
  requestId: string,
  errors?: Required<FieldIssue>[],
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  return {
    type: `https://docs.yupana.pe/errors/${code}`,
    title: TITLES[code] ?? 'Error',
    status,
    detail,
    code,
    requestId,
    ...(errors ? { errors } : {}),
    ...extra,
  };
}

/** A problem+json `Response` with the `Request-Id` header set. */
export function problemResponse(
  status: number,
  code: string,
  detail: string,
  requestId: string,
  errors?: Required<FieldIssue>[],
  extra?: Record<string, unknown>,
): Response {
  return new Response(JSON.stringify(problemBody(status, code, detail, requestId, errors, extra)), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Request-Id': requestId },
  });
}

/**
 * How many issues a 422 lists at most (docs/contract.md §2): a body of 40 000 unknown fields would
 * otherwise be answered (and stored for its idempotency key) with megabytes of issues.
 */
export const MAX_LISTED_ISSUES = 100;

/**
 * A 422 `validation_error` built from validation issues: `detail` names the first failing field and
 * counts the others; `errors` lists the first {@link MAX_LISTED_ISSUES}, and `omittedErrors` says
 * how many more there are, when there are.
 */
export function validationError(errors: Required<FieldIssue>[]): MockAPIError {
  const first = errors[0];
  const detail = first ? `${first.path || 'body'}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}` : 'The request is invalid';
  const omitted = errors.length - MAX_LISTED_ISSUES;
  return new MockAPIError(422, 'validation_error', detail, errors.slice(0, MAX_LISTED_ISSUES), omitted > 0 ? { omittedErrors: omitted } : undefined);
}
