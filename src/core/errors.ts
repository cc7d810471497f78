/**
 * Every error yupana throws. Branch on the class (or its stable `name`), and on `code` for API
 * errors, never on a message.
 *
 * ```
 * YupanaError
 * ├── APIError (the server answered with a failure status, or a 2xx body that could not be read)
 * │   ├── RedirectError 3xx          ├── ConflictError 409
 * │   ├── BadRequestError 400        ├── UnprocessableEntityError 422
 * │   ├── AuthenticationError 401    ├── RateLimitError 429
 * │   ├── PermissionDeniedError 403  └── InternalServerError ≥ 500
 * │   └── NotFoundError 404
 * ├── APIConnectionError (no answer: network failure)
 * │   └── APIConnectionTimeoutError (no complete answer within `timeout`)
 * ├── APIUserAbortError (your `signal` aborted the call)
 * ├── WaitTimeoutError (SUNAT had not answered when a wait for its outcome timed out)
 * ├── ValidationError (the request failed the schema locally; nothing was sent)
 * └── WebhookVerificationError (a webhook delivery is not authentic, is stale, or cannot be read)
 * ```
 * @module
 */
import { parseRetryAfter } from '../internal/retry-after.js';
import type { Document } from '../models/document.js';
import type { Problem } from '../models/problem.js';

/** The base class of every error this SDK throws. */
export class YupanaError extends Error {
  override name = 'YupanaError';
}

/** One field-level problem, from the server's `errors` array or from local validation. */
export interface FieldIssue {
  /** Where the problem is, dot-separated: `items.0.igv`. Empty for the whole body. */
  path: string;
  /** A stable code such as `invalid_type`, when the server gives one. */
  code?: string;
  /** What is wrong, in words. */
  message: string;
}

/**
 * The server answered with a failure status, or with a 2xx whose body could not be read as
 * JSON (empty, cut short, an HTML page): then `status` is that 2xx and `body` the raw text.
 */
export class APIError extends YupanaError {
  override name = 'APIError';
  /** The HTTP status code. */
  readonly status: number;
  /** The problem's stable `code` (`validation_error`...), when the body had one. */
  readonly code: string | undefined;
  /** The `Request-Id` of the response: quote it to support. */
  readonly requestId: string | undefined;
  /** The response headers. */
  readonly headers: Headers;
  /**
   * The parsed problem+json body, or the raw text when the body was not JSON (an HTML page from a
   * proxy, an empty body). Partial: a proxy or an older server may send fewer fields.
   */
  readonly body: Partial<Problem> | string;
  /** Field-level problems (on 422 `validation_error`), empty otherwise. */
  readonly errors: FieldIssue[];

  constructor(status: number, body: Partial<Problem> | string, headers: Headers) {
    const problem = typeof body === 'string' ? undefined : body;
    // Only strings are taken from the body: `{"code":{"nested":true}}` keeps no code, rather than `[object Object]`.
    const code = text(problem?.code);
    const requestId = headers.get('request-id') ?? text(problem?.requestId);
    const detail = text(problem?.detail) ?? text(problem?.title) ?? (typeof body === 'string' && body ? body.slice(0, 200) : 'no body');
    super(`${status} ${code ?? 'error'}: ${detail}${requestId ? ` (request ${requestId})` : ''}`);
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.headers = headers;
    this.body = body;
    this.errors = Array.isArray(problem?.errors) ? problem.errors : [];
  }

  /**
   * @internal A 2xx whose body is not what the operation answers (not JSON, empty, `null`, not a
   * list page): `body` keeps the raw text and the message says what was wrong.
   */
  static malformed(status: number, raw: string, headers: Headers, why: string): APIError {
    const error = new APIError(status, raw, headers);
    error.message = `${status} malformed answer: ${why}${error.requestId ? ` (request ${error.requestId})` : ''}`;
    return error;
  }

  /** Builds the subclass that matches `status`. */
  static from(status: number, body: Partial<Problem> | string, headers: Headers): APIError {
    const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : status >= 300 && status < 400 ? RedirectError : APIError);
    return new Class(status, body, headers);
  }
}

/** `value` when it is a non-empty string, else `undefined`. */
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * 3xx: the server answered with a redirect. yupana never follows one, so your API key is
 * never sent to an address you did not configure. The API itself does not redirect: a
 * redirect means a wrong `baseURL` or a proxy in the way. Not retried.
 */
export class RedirectError extends APIError {
  override name = 'RedirectError';
  /** Where the redirect pointed (`Location`), when the runtime shows it; browsers hide it (and report `status` 0). */
  readonly location: string | undefined;
  constructor(status: number, body: Partial<Problem> | string, headers: Headers) {
    super(status, body, headers);
    this.location = headers.get('location') ?? undefined;
    this.message =
      `${status} redirect${this.location ? ` to ${this.location}` : ''} not followed: yupana never follows redirects, ` +
      `so the API key is not sent elsewhere. Check baseURL and any proxy in between.${this.requestId ? ` (request ${this.requestId})` : ''}`;
  }
}

/** 400: the request was malformed (bad JSON, a missing `Idempotency-Key`). */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
/** 401: the API key is missing, wrong, revoked, or of the other environment. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 403: the key lacks a permission; `body.requiredPermission` names it. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
/** 404: no such object. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/** 409: a request with the same `Idempotency-Key` is still running, or the object changed meanwhile. Retried automatically. */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
/** 422: the body failed the server's validation (`errors` lists the fields), or an `Idempotency-Key` was reused with another body. */
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
/** 429: too many requests. Retried automatically; when retries run out, `retryAfter` says how long to wait. */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;
  constructor(status: number, body: Partial<Problem> | string, headers: Headers) {
    super(status, body, headers);
    this.retryAfter = parseRetryAfter(headers.get('retry-after'));
  }
}
/** 500 and above: the server failed. Retried automatically. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

const STATUS_CLASSES: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/**
 * No answer came: DNS, refused or reset connection, a body cut short. The message names the
 * origin (scheme, host, port) and the system's code: `Connection error: could not reach
 * https://api.yupana.pe (ECONNREFUSED).`, never the path, its query or the key. Retried automatically.
 */
export class APIConnectionError extends YupanaError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No complete answer (headers and body) came within `timeout`. Retried automatically. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  constructor(timeout: number) {
    super(`Request timed out after ${timeout} ms.`);
  }
}

/** Your `signal` aborted the call. Never retried. */
export class APIUserAbortError extends YupanaError {
  override name = 'APIUserAbortError';
  constructor(options?: { cause?: unknown }) {
    super('Request was aborted.', options);
  }
}

/**
 * `documents.waitForOutcome` (or `createAndWait`) reached its `timeout` and the document is still
 * `pending` (or `voiding`): SUNAT has not answered yet. Nothing failed; `document` is the last
 * state seen. Wait again later, or let the webhook (`document.accepted`, `document.rejected`...)
 * tell you. Not retried.
 */
export class WaitTimeoutError extends YupanaError {
  override name = 'WaitTimeoutError';
  /** The document as the last poll saw it (still `pending` or `voiding`). */
  readonly document: Document | undefined;
  constructor(document: Document | undefined, timeout: number) {
    super(`Gave up waiting for SUNAT's answer after ${timeout} ms: ${document ? `document ${document.id} is still ${document.status}.` : 'the document was not seen.'}`);
    this.document = document;
  }
}

/** The request failed this SDK's schema; nothing was sent. `issues` names each failing field. */
export class ValidationError extends YupanaError {
  override name = 'ValidationError';
  /** Each failing field, with its dot-separated path (`items.0.igv`). */
  readonly issues: FieldIssue[];
  constructor(operation: string, issues: FieldIssue[]) {
    super(`Invalid ${operation}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
    this.issues = issues;
  }
}

/**
 * Why a webhook delivery was refused, in {@link WebhookVerificationError.code}:
 * - `missing_header`: `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent;
 * - `malformed_header`: `webhook-timestamp` is not unix seconds, or `webhook-signature` has no
 *   `v1,<base64>` entry;
 * - `no_matching_signature`: no signature matches the body (the body changed after signing,
 *   or the secret is another endpoint's);
 * - `timestamp_too_old` / `timestamp_too_new`: authentic, but its timestamp is further from
 *   this machine's clock than the tolerance (a replayed delivery, or a wrong clock);
 * - `invalid_payload`: authentic, but the body is not an event;
 * - `missing_secret`, `malformed_secret`, `raw_body_required`: a mistake on the receiving side
 *   (no `whsec_` secret, a secret that is not `whsec_<base64>`, a parsed object instead of the
 *   raw body), not in the delivery.
 */
export type WebhookVerificationErrorCode =
  | 'missing_header'
  | 'malformed_header'
  | 'no_matching_signature'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_payload'
  | 'missing_secret'
  | 'malformed_secret'
  | 'raw_body_required';

/**
 * A webhook delivery failed verification or could not be read: answer it with a 400 and do not
 * act on it. Branch on `code`; the message says what was wrong and never contains the secret.
 */
export class WebhookVerificationError extends YupanaError {
  override name = 'WebhookVerificationError';
  /** Why the delivery was refused. */
  readonly code: WebhookVerificationErrorCode;
  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
