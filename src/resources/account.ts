import type { RequestOptions } from '../core/options.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Account, AccountUpdateParams } from '../models/account.js';
import { APIResource, loadOperations } from './resource.js';
import type { accountOperations } from '../operations/account.js';

const operations = () => loadOperations().then((m) => m.accountOperations);

/** Your account: the issuer (emisor) printed on every document. Reach it as `client.account`. */
export class AccountResource extends APIResource<typeof accountOperations> {
  protected readonly _operations = operations;

  /**
   * Fetches the account of the API key in use.
   *
   * ```ts
   * const { ruc, name, environment } = await client.account.retrieve();
   * ```
   */
  retrieve(options?: RequestOptions): APIPromise<Account> {
    return this._do('retrieve', {}, options);
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
    return this._do('update', { body }, options);
  }
}
