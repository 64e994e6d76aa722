import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * client/api.d.ts is what openapi-typescript makes of the committed openapi.json (`npm run client:generate`).
 * The generator runs as its own Node process: openapi-typescript's dependencies are ES modules.
 */
it('client/api.d.ts is generated from the committed openapi.json', () => {
  const root = join(__dirname, '../../..');
  const generated = execFileSync(process.execPath, [join(root, 'scripts/generate-client.js'), '--stdout'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(generated).toBe(readFileSync(join(root, 'client/api.d.ts'), 'utf8'));
});
