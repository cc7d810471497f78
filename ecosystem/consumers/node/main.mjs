// ESM: `import` resolves yupana's "import" condition (dist/index.js).
import * as yupana from 'yupana';
import { scenario } from './scenario.mjs';

// The client reads YUPANA_API_KEY and YUPANA_BASE_URL (the mock server) from the environment.
console.log(await scenario(yupana));
