/** `npm run openapi`: writes openapi.json (OpenAPI 3.1) from the SDK's zod schemas. */
import { writeFileSync } from 'node:fs';
import { buildOpenAPI } from './openapi/generate.js';

const target = new URL('../openapi.json', import.meta.url);
const document = buildOpenAPI();
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Wrote openapi.json: ${Object.keys(document.paths ?? {}).length} paths, ${Object.keys(document.components?.schemas ?? {}).length} schemas.`);
