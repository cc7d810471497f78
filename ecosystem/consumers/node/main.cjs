// CommonJS: `require` resolves yupana's "require" condition (dist/index.cjs, ky and p-retry bundled in).
const yupana = require('yupana');

if (!require.resolve('yupana').endsWith('index.cjs')) throw new Error(`require('yupana') loaded ${require.resolve('yupana')}`);
const { line } = require('yupana/sunat');
if (line({ quantity: 700, unitValue: 1.102, igvRate: 0.18 }).igv !== '138.85') throw new Error('yupana/sunat is broken');
const { DocumentCreateParams } = require('yupana/schemas');
if (DocumentCreateParams.safeParse({}).success) throw new Error('yupana/schemas is broken');
import('./scenario.mjs')
  .then(({ scenario }) => scenario(yupana))
  .then(console.log, (error) => {
    console.error(error);
    process.exitCode = 1;
  });
