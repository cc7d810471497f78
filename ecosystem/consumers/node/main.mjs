// ESM: `import` resolves yupana's "import" condition (dist/index.js).
import * as yupana from 'yupana';
import { DocumentCreateParams } from 'yupana/schemas';
import { line } from 'yupana/sunat';
import { scenario } from './scenario.mjs';

// `yupana/sunat` and `yupana/schemas` are entries of their own; the root carries neither.
const sample = { quantity: 700, unitValue: 1.102, igvRate: 0.18 };
if (line(sample).igv !== '138.85' || 'line' in yupana) throw new Error('yupana/sunat is broken');
if (DocumentCreateParams.safeParse({}).success || 'DocumentCreateParams' in yupana) throw new Error('yupana/schemas is broken');

// The client reads YUPANA_API_KEY and YUPANA_BASE_URL (the mock server) from the environment.
console.log(await scenario(yupana));
