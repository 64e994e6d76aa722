import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { documentStore } from '../../src/edge/openapi/document';

/**
 * The OpenAPI documents the suite's apps build, kept in node_modules/.cache/crm-openapi (src/edge/openapi/document.ts,
 * `documentStore`): building one (Nest's scan of the controllers and zod's conversion of the schema registry) cost
 * about 2 s of CPU once per module registry, some 20 times a pass. A document is keyed by the hash of every source
 * and test file and of the lock file (what it is built from) and by the app's controllers, so a changed tree builds
 * anew; test/e2e/api/openapi-snapshot.e2e-spec.ts builds without the store. Written under a name of its own and renamed.
 */
const ROOT = join(__dirname, '../..');
const DIR = join(ROOT, 'node_modules/.cache/crm-openapi');

let tree: string | undefined;
function treeHash(): string {
  if (tree) return tree;
  const h = createHash('sha256').update(readFileSync(join(ROOT, 'package-lock.json')));
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.ts')) h.update(path).update(readFileSync(path));
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'test'));
  return (tree = h.digest('hex'));
}

export function keepDocuments(): void {
  documentStore.key = (routes) => createHash('sha256').update(treeHash()).update(routes).digest('hex').slice(0, 24);
  documentStore.read = (key) => {
    const file = join(DIR, `${key}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OpenAPIObject) : undefined;
  };
  documentStore.write = (key, doc) => {
    mkdirSync(DIR, { recursive: true });
    const part = join(DIR, `${key}.json.${process.pid}.part`);
    writeFileSync(part, JSON.stringify(doc));
    renameSync(part, join(DIR, `${key}.json`));
  };
}

/** Builds without the store (the snapshot test compares what the code builds). */
export function buildDocumentsAnew(): void {
  documentStore.key = undefined;
}
