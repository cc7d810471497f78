/** Hosts where plain `http://` is allowed: `localhost`, `127.0.0.0/8` and `[::1]`. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Whether `url` is `https://`, or `http://` on a loopback host (the only plain-HTTP addresses yupana accepts). */
export function isSecureURL(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
}
