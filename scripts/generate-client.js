/**
 * Writes client/api.d.ts, the TypeScript types of the API, from the committed openapi.json
 * (openapi-typescript). `npm run client:generate` after `UPDATE_OPENAPI=1 npm test -- test/e2e/api/openapi-snapshot.e2e-spec.ts`;
 * test/unit/api/client-types.spec.ts fails when the committed types differ from what this writes.
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const HEADER = '/**\n * Generated from openapi.json by scripts/generate-client.js (openapi-typescript). Do not edit:\n * `npm run client:generate` writes it anew.\n */\n\n';

async function clientTypes() {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const doc = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8'));
  // a field with a default may be left out of a request body: not required in its type (defaults are on request DTOs only)
  const ast = await openapiTS(doc, { alphabetize: false, exportType: false, defaultNonNullable: false });
  return HEADER + astToString(ast);
}

module.exports = { clientTypes, FILE: join(ROOT, 'client', 'api.d.ts') };

if (require.main === module) {
  clientTypes().then((text) => {
    // --stdout: print instead of writing (the test compares it with the committed file)
    if (process.argv.includes('--stdout')) process.stdout.write(text);
    else {
      writeFileSync(module.exports.FILE, text);
      console.log(`wrote ${module.exports.FILE}`);
    }
  });
}
