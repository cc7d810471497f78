/**
 * A map from 128-bit hashes (32 hex digits, as a line's key holds them) to numbers, in typed
 * arrays: 24 bytes a hash, outside the garbage-collected heap. What lets a run hold a key for each
 * of 200 000 lines in a few megabytes (a `Map` of strings took about 100 bytes a key, and the
 * heap grows to twice what it holds).
 *
 * @module
 */

/** Whether `text` is 32 lowercase hex digits. */
export const isHash32 = (text: string) => text.length === 32 && /^[0-9a-f]{32}$/.test(text);

/** Open addressing, linear probing; a bucket is 4 words of the hash and its value. */
export class HashIndex {
  #words = new Uint32Array(4 * 1024);
  #values = new Float64Array(1024);
  #used = new Uint8Array(1024);
  #size = 0;

  /** How many hashes it holds. */
  get size(): number {
    return this.#size;
  }

  /** The value of `hash` (32 hex digits), or `undefined`. */
  get(hash: string): number | undefined {
    const bucket = this.#find(wordsOf(hash));
    return this.#used[bucket] ? this.#values[bucket] : undefined;
  }

  /** Sets the value of `hash` (32 hex digits). */
  set(hash: string, value: number): void {
    this.#set(wordsOf(hash), value);
  }

  /** Every hash it holds, as 32 hex digits, with its value. */
  *[Symbol.iterator](): Generator<[string, number]> {
    for (let bucket = 0; bucket < this.#used.length; bucket++) {
      if (!this.#used[bucket]) continue;
      let hash = '';
      for (let word = 0; word < 4; word++) hash += this.#words[bucket * 4 + word]!.toString(16).padStart(8, '0');
      yield [hash, this.#values[bucket]!];
    }
  }

  #set(words: Words, value: number): void {
    let bucket = this.#find(words);
    if (!this.#used[bucket]) {
      if ((this.#size + 1) * 2 > this.#used.length) {
        this.#grow();
        bucket = this.#find(words);
      }
      this.#used[bucket] = 1;
      this.#words.set(words, bucket * 4);
      this.#size += 1;
    }
    this.#values[bucket] = value;
  }

  /** The bucket holding the hash of `words`, or the empty bucket where it would go. */
  #find([w0, w1, w2, w3]: Words): number {
    const mask = this.#used.length - 1;
    // The hash is a SHA-256's: its first word is already spread evenly.
    for (let bucket = w0 & mask; ; bucket = (bucket + 1) & mask) {
      if (!this.#used[bucket]) return bucket;
      const at = bucket * 4;
      if (this.#words[at] === w0 && this.#words[at + 1] === w1 && this.#words[at + 2] === w2 && this.#words[at + 3] === w3) return bucket;
    }
  }

  #grow(): void {
    const words = this.#words;
    const values = this.#values;
    const used = this.#used;
    this.#words = new Uint32Array(words.length * 2);
    this.#values = new Float64Array(values.length * 2);
    this.#used = new Uint8Array(used.length * 2);
    this.#size = 0;
    for (let bucket = 0; bucket < used.length; bucket++) {
      if (used[bucket]) this.#set([words[bucket * 4]!, words[bucket * 4 + 1]!, words[bucket * 4 + 2]!, words[bucket * 4 + 3]!], values[bucket]!);
    }
  }
}

type Words = [number, number, number, number];

/** The 4 words of 32 hex digits. */
const wordsOf = (hash: string): Words => [0, 1, 2, 3].map((word) => Number.parseInt(hash.slice(word * 8, word * 8 + 8), 16)) as Words;
