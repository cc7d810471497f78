// Importing yupana must never load msw, even where msw is installed (as here).
// ESM: a resolve hook fails any module resolved into msw. CommonJS: require.cache is inspected.
import { createRequire, register } from 'node:module';

const hook = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (/[\\\\/]node_modules[\\\\/](msw|@mswjs)[\\\\/]/.test(result.url)) throw new Error('msw was loaded: ' + result.url);
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const yupana = await import('yupana');
if (typeof yupana.Client !== 'function') throw new Error('import("yupana") has no Client');
let blocked = false;
try {
  await import('yupana/testing');
} catch (error) {
  blocked = /msw was loaded/.test(String(error));
}
if (!blocked) throw new Error('the hook did not notice yupana/testing loading msw: the check proves nothing');

const require = createRequire(import.meta.url);
const mswIn = () => Object.keys(require.cache).filter((path) => /[\\/]node_modules[\\/](msw|@mswjs)[\\/]/.test(path));
require('yupana');
if (mswIn().length > 0) throw new Error(`require("yupana") loaded msw: ${mswIn()[0]}`);
require('yupana/testing');
if (mswIn().length === 0) throw new Error('require.cache did not show yupana/testing loading msw: the check proves nothing');

console.log('import and require of yupana load no msw (yupana/testing does, as the controls show)');
