/**
 * The idempotency keys of a batch: its key prefix (given with `--key-prefix`, or named after the
 * input's content) and one key per line, `<prefix>-<hash of the line's text>`.
 *
 * What a key may hold is the SDK's rule (`PRINTABLE_ASCII`), imported from it, not written again here.
 *
 * @module
 */
import { PRINTABLE_ASCII, MAX_IDEMPOTENCY_KEY_LENGTH } from '../../core/options.js';
import { HashIndex } from './hash-index.js';

/** Hex digits of a line's SHA-256 in its key (128 bits). */
export const KEY_HASH_DIGITS = 32;

/** Room in a key for its occurrence number: `-` and up to 11 digits (`-2`, `-3`...). */
const OCCURRENCE_ROOM = 12;

/** Room in a key for its renewal ({@link renewedKey}): `.` and up to 9 base-36 digits of a time in milliseconds (until the year 5188). */
const RENEWAL_ROOM = 10;

/**
 * The longest key prefix, 200: what leaves room, in a key no longer than the SDK takes
 * ({@link MAX_IDEMPOTENCY_KEY_LENGTH}), for `-`, {@link KEY_HASH_DIGITS} hex digits, an
 * occurrence number and a renewal.
 */
export const MAX_PREFIX_LENGTH = MAX_IDEMPOTENCY_KEY_LENGTH - 1 - KEY_HASH_DIGITS - OCCURRENCE_ROOM - RENEWAL_ROOM;

/**
 * The key that issues line `key` as a new sale (`--repeats-are-new`) when the API answered it with
 * another run's document: `key`, `.` and the run's start time (`now`, milliseconds) in base 36, so
 * that no other run (which would have started at another time) gives the same. The results file
 * records it (`renews`), and later runs send the line with it.
 */
export const renewedKey = (key: string, now: number) => `${key}.${now.toString(36)}`;

/** Hex digits of the input's SHA-256 in the default key prefix (64 bits). */
const PREFIX_HASH_DIGITS = 16;

/**
 * Why `prefix` cannot be a batch's key prefix, or `undefined` when it can: 1 to
 * {@link MAX_PREFIX_LENGTH} characters of what an idempotency key may hold (printable ASCII, no spaces).
 */
export function keyPrefixProblem(prefix: string): string | undefined {
  if (PRINTABLE_ASCII.test(prefix) && prefix.length <= MAX_PREFIX_LENGTH) return undefined;
  return `must be 1 to ${MAX_PREFIX_LENGTH} printable ASCII characters without spaces, got ${JSON.stringify(prefix)}`;
}

/**
 * The key prefix of a new batch when `--key-prefix` is not given: `batch-` and the first 16 hex
 * digits of the SHA-256 of the input's bytes. It names the batch's content, not the file: another
 * file under the same name gets other keys, and the same content under another name the same (so
 * it is answered by replays, not issued twice, for the 24 hours the API keeps a key). `unique`
 * (`--repeats-are-new`: its lines are new sales whatever was issued before) adds the time, in base
 * 36 milliseconds, so that not even the same content shares it.
 */
export function defaultKeyPrefix(inputSha256: string, unique?: { now: number }): string {
  return `batch-${inputSha256.slice(0, PREFIX_HASH_DIGITS)}${unique === undefined ? '' : `-${unique.now.toString(36)}`}`;
}

/**
 * The idempotency keys of a batch's lines: `<prefix>-<the first 32 hex digits of the line's
 * SHA-256>`, and `-2`, `-3`... after it for the second, third... line with the same text. A key
 * depends on the line's text, never on its position: inserting or deleting other lines re-keys
 * no line.
 */
export class LineKeys {
  readonly #prefix: string;
  /** How many lines of each text got a key, by the text's hash as keys hold it (its first {@link KEY_HASH_DIGITS} digits). */
  readonly #seen: HashIndex;

  /** `expected`: how many distinct texts the lines will have, to allocate the index once. */
  constructor(prefix: string, expected = 0) {
    this.#prefix = prefix;
    this.#seen = new HashIndex(expected);
  }

  /** The key of the next line whose SHA-256 is `sha256`. */
  next(sha256: string): string {
    const occurrence = this.count(sha256) + 1;
    this.#seen.set(sha256, occurrence);
    return this.keyOf(sha256, occurrence);
  }

  /** How many lines whose SHA-256 is `sha256` got a key. */
  count(sha256: string): number {
    return this.#seen.get(sha256) ?? 0;
  }

  /** The key of the `occurrence`-th line (from 1) whose SHA-256 is `sha256`. */
  keyOf(sha256: string, occurrence: number): string {
    return `${this.#prefix}-${sha256.slice(0, KEY_HASH_DIGITS)}${occurrence > 1 ? `-${occurrence}` : ''}`;
  }
}
