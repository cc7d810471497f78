// ESM: `import` resolves yupana's "import" condition (dist/index.js).
import * as yupana from 'yupana';
import { line } from 'yupana/sunat';
import { scenario } from './scenario.mjs';

// `yupana/sunat` answers as the root's helpers do.
const sample = { quantity: 700, unitValue: 1.102, igvRate: 0.18 };
if (line(sample).igv !== '138.85' || yupana.line(sample).igv !== '138.85') throw new Error('yupana/sunat is broken');

// The client reads YUPANA_API_KEY and YUPANA_BASE_URL (the mock server) from the environment.
console.log(await scenario(yupana));
