/**
 * A map from 128-bit hashes (the first 32 hex digits of a text's SHA-256, as a line's key holds them) to whole numbers, in typed
 * arrays outside the garbage-collected heap: about 26 bytes a hash. What lets a run hold a key for
 * each of 200 000 lines in a few megabytes (a `Map` of strings took about 100 bytes a key, and the
 * heap grows to twice what it holds).
 *
 * @module
 */

/** Whether `text` is 32 lowercase hex digits. */
export const isHash32 = (text: string) => /^[0-9a-f]{32}$/.test(text);

/** The most the buckets are filled before they grow: linear probing stays a few probes a lookup. */
const MAX_LOAD = 0.7;

/** Room for at least this many hashes, whatever is expected. */
const MIN_ROOM = 1024;

/**
 * The hashes and their values in the order they were added (an entry: 4 words of the hash, 1 of
 * the value), and buckets of open addressing with linear probing that hold an entry's position
 * plus one (0: an empty bucket). Values are whole numbers from 0 to 2³² − 1.
 */
export class HashIndex {
  #words: Uint32Array;
  #values: Uint32Array;
  #buckets: Uint32Array;
  #size = 0;

  /** `expected`: how many hashes it will hold (see {@link reserve}). */
  constructor(expected = 0) {
    const room = Math.max(MIN_ROOM, expected);
    this.#words = new Uint32Array(4 * room);
    this.#values = new Uint32Array(room);
    this.#buckets = new Uint32Array(Math.ceil(room / MAX_LOAD));
  }

  /**
   * Makes room for `expected` hashes at once, so that it does not grow on the way there: a growth
   * holds the old arrays and the new ones at the same moment.
   */
  reserve(expected: number): void {
    if (expected > this.#values.length) this.#resize(expected);
  }

  /** How many hashes it holds. */
  get size(): number {
    return this.#size;
  }

  /** The value of `hash` (its first 32 hex digits), or `undefined`. */
  get(hash: string): number | undefined {
    // An empty bucket holds 0: the value at -1 of a typed array is `undefined`.
    return this.#values[this.#buckets[this.#find(wordsOf(hash))]! - 1];
  }

  /** Sets the value of `hash` (its first 32 hex digits). */
  set(hash: string, value: number): void {
    const words = wordsOf(hash);
    const bucket = this.#find(words);
    const position = this.#buckets[bucket]!;
    if (position !== 0) {
      this.#values[position - 1] = value;
      return;
    }
    if (this.#size === this.#values.length) {
      this.#resize(this.#size * 2);
      this.set(hash, value);
      return;
    }
    this.#words.set(words, this.#size * 4);
    this.#values[this.#size] = value;
    this.#size += 1;
    this.#buckets[bucket] = this.#size;
  }

  /** The hash added `position`-th (from 0), as 32 hex digits. */
  hashAt(position: number): string {
    let hash = '';
    for (let word = 0; word < 4; word++) hash += this.#words[position * 4 + word]!.toString(16).padStart(8, '0');
    return hash;
  }

  /** Every hash it holds, as 32 hex digits, with its value, in the order they were added. */
  *[Symbol.iterator](): Generator<[string, number]> {
    for (let position = 0; position < this.#size; position++) yield [this.hashAt(position), this.#values[position]!];
  }

  /** The bucket holding the hash of `words`, or the empty bucket where it would go. */
  #find([w0, w1, w2, w3]: Words): number {
    const buckets = this.#buckets.length;
    // The hash is a SHA-256's: its first word is already spread evenly.
    for (let bucket = w0 % buckets; ; bucket = nextBucket(bucket, buckets)) {
      const position = this.#buckets[bucket]!;
      if (position === 0) return bucket;
      const at = (position - 1) * 4;
      if (this.#words[at] === w0 && this.#words[at + 1] === w1 && this.#words[at + 2] === w2 && this.#words[at + 3] === w3) return bucket;
    }
  }

  /** Room for `room` hashes: the entries copied, the buckets filled again. */
  #resize(room: number): void {
    const words = new Uint32Array(4 * room);
    words.set(this.#words.subarray(0, 4 * this.#size));
    const values = new Uint32Array(room);
    values.set(this.#values.subarray(0, this.#size));
    this.#words = words;
    this.#values = values;
    const buckets = new Uint32Array(Math.ceil(room / MAX_LOAD));
    // The hashes are distinct: each goes to the first empty bucket from its own.
    for (let position = 0; position < this.#size; position++) {
      let bucket = words[position * 4]! % buckets.length;
      while (buckets[bucket] !== 0) bucket = nextBucket(bucket, buckets.length);
      buckets[bucket] = position + 1;
    }
    this.#buckets = buckets;
  }
}

type Words = [number, number, number, number];

/** The bucket after `bucket` of `buckets`, the first after the last. */
const nextBucket = (bucket: number, buckets: number) => (bucket + 1 === buckets ? 0 : bucket + 1);

/** The 4 words of the first 32 hex digits of `hash`. */
const wordsOf = (hash: string): Words => [wordAt(hash, 0), wordAt(hash, 8), wordAt(hash, 16), wordAt(hash, 24)];
const wordAt = (hash: string, at: number) => Number.parseInt(hash.slice(at, at + 8), 16);
