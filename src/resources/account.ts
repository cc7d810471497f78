import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import { Account, AccountUpdateParams } from '../models/account.js';
import { APIResource } from './resource.js';
import type { Operation } from '../core/operation.js';

/** The operations of `client.account`, each declared once: the methods below, the mock's routes and `openapi.json` read them. */
export const accountOperations = {
  retrieve: { name: 'account.retrieve', method: 'GET', path: '/v1/account', responses: { 200: Account } },
  update: { name: 'account.update', method: 'PATCH', path: '/v1/account', body: AccountUpdateParams, responses: { 200: Account } },
} as const satisfies Record<string, Operation>;

/** Your account: the issuer (emisor) printed on every document. Reach it as `client.account`. */
export class AccountResource extends APIResource {
  /**
   * Fetches the account of the API key in use.
   *
   * ```ts
   * const { ruc, name, environment } = await client.account.retrieve();
   * ```
   */
  retrieve(options?: RequestOptions): APIPromise<Account> {
    return this._do(accountOperations.retrieve, {}, options);
  }

  /**
   * Changes the given fields of the account; the RUC and environment cannot change.
   *
   * ```ts
   * await client.account.update({ tradeName: 'ACME Store', address: 'Av. Larco 101, Miraflores' });
   * ```
   * @throws {@link ValidationError} as a rejection, with nothing sent, when `body` breaks the schema.
   */
  update(body: AccountUpdateParams, options?: RequestOptions): APIPromise<Account> {
    return this._do(accountOperations.update, { body }, options);
  }
}
