/**
 * The connections of `startMockServer`, each answering its requests one at a time, in order:
 * while an answer is not out (handed to the operating system: a client that does not read its
 * answers stops that), the connection is not read, so a client pipelining requests it never reads
 * the answers of holds the server to one answer and the requests of one chunk, not to everything
 * it sends. And the drain: on close, every request received is still answered, the last of each
 * connection with `Connection: close`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Answers one request: writes and ends `res`. */
export type Serve = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface Connection {
  /** The requests received and not answered yet, the one being answered first. */
  readonly queue: [IncomingMessage, ServerResponse][];
}

/** Resolves when `res` is out (`finish`: handed to the operating system) or will never be (`close`). */
const out = (res: ServerResponse): Promise<void> =>
  res.writableFinished || res.destroyed
    ? Promise.resolve()
    : new Promise((resolve) => {
        res.once('finish', resolve);
        res.once('close', resolve);
      });

/** The requests of every connection of one server, answered one at a time per connection. */
export class Connections {
  readonly #connections = new Map<Socket, Connection>();
  #draining = false;

  constructor(private readonly serve: Serve) {}

  /** The `request` listener of the server. */
  readonly accept = (req: IncomingMessage, res: ServerResponse): void => {
    const socket = req.socket;
    const connection = this.#connections.get(socket);
    if (connection) {
      // An answer before this one is not out: read no more of this connection until it is.
      connection.queue.push([req, res]);
      socket.pause();
      return;
    }
    const started: Connection = { queue: [[req, res]] };
    this.#connections.set(socket, started);
    void this.#run(socket, started);
  };

  /**
   * Answers what is received, then nothing more: each connection's last answer carries
   * `Connection: close` (and the connection then closes). The caller stops the server accepting.
   */
  drain(): void {
    this.#draining = true;
    for (const { queue } of this.#connections.values()) {
      // Read by Node when it writes the head: an answer whose head is out keeps the Connection it sent.
      queue[queue.length - 1]![1].shouldKeepAlive = false;
    }
  }

  async #run(socket: Socket, connection: Connection): Promise<void> {
    const { queue } = connection;
    while (queue.length > 0) {
      const [req, res] = queue[0]!;
      if (socket.destroyed) break;
      if (this.#draining && queue.length === 1) res.shouldKeepAlive = false;
      await this.serve(req, res);
      await out(res);
      queue.shift();
    }
    this.#connections.delete(socket);
    // Draining, a connection whose last answer went out before the drain began is closed once it is out.
    if (this.#draining) socket.end();
    else if (!socket.destroyed) socket.resume();
  }
}
