// CommonJS: `require` resolves yupana's "require" condition (dist/index.cjs, ky and p-retry bundled in).
const yupana = require('yupana');

if (!require.resolve('yupana').endsWith('index.cjs')) throw new Error(`require('yupana') loaded ${require.resolve('yupana')}`);
import('./scenario.mjs')
  .then(({ scenario }) => scenario(yupana))
  .then(console.log, (error) => {
    console.error(error);
    process.exitCode = 1;
  });
