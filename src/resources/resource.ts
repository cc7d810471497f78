import type { Client } from '../client.js';

/** The base of every resource: it holds the client whose pipeline its methods call. */
export abstract class APIResource {
  /** @internal */
  protected readonly _client: Client;
  /** @internal */
  constructor(client: Client) {
    this._client = client;
  }
}
