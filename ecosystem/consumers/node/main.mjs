// ESM: `import` resolves yupana's "import" condition (dist/index.js).
import * as yupana from 'yupana';
import { line } from 'yupana/sunat';
import { scenario } from './scenario.mjs';

// `yupana/sunat` is the same code as the root's helpers.
if (line !== yupana.line || line({ quantity: 700, unitValue: 1.102, igvRate: 0.18 }).igv !== '138.85') throw new Error('yupana/sunat is broken');

// The client reads YUPANA_API_KEY and YUPANA_BASE_URL (the mock server) from the environment.
console.log(await scenario(yupana));
