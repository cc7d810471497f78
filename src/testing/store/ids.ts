/**
 * The identifiers the sandbox assigns: random `<prefix><alphanumerics>` ids, and the id, type
 * and timestamps every new object starts with.
 *
 * @module
 */
import { isoNow } from './clock.js';

/** Random bytes drawn 4 KiB at a time (one system call for hundreds of ids), and how many are used. */
const randomPool = new Uint8Array(4096);
let randomUsed = randomPool.length;

/** A random identifier `<prefix><16 alphanumerics>`, as one flat string (no joined pieces to keep). */
export function randomId(prefix: string, length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  if (randomUsed + length > randomPool.length) {
    crypto.getRandomValues(randomPool);
    randomUsed = 0;
  }
  const codes = Array.from(prefix, (c) => c.charCodeAt(0));
  for (let i = 0; i < length; i++) codes.push(alphabet.charCodeAt(randomPool[randomUsed++]! % alphabet.length));
  return String.fromCharCode(...codes);
}

/** The fields every new object starts with: a fresh `<prefix>` id, its `object` type, created and updated now. */
export const created = <O extends string>(prefix: string, object: O) => {
  const now = isoNow();
  return { id: randomId(prefix), object, createdAt: now, updatedAt: now };
};
