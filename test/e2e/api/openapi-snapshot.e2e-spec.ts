import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { buildOpenApiDocument, forgetBuiltDocuments, responseSchemas } from '../../../src/edge/openapi/document';
import { buildDocumentsAnew, keepDocuments } from '../../helpers/document-store';
import { startApp, TestApp } from '../../helpers/test-app';

/**
 * The OpenAPI document is a reviewed artifact: the code's document must equal the committed
 * `openapi.json`, so every API change shows in review as a diff of that file (and a refactoring that
 * must not change the API, such as moving code between folders, proves it did not).
 * `UPDATE_OPENAPI=1 npm test -- test/e2e/api/openapi-snapshot.e2e-spec.ts` writes the file anew.
 */
const FILE = join(__dirname, '..', '..', '..', 'openapi.json');

let t: TestApp;
beforeAll(async () => {
  // what the code builds now, not a document kept from an earlier file or run (test/helpers/document-store.ts)
  buildDocumentsAnew();
  forgetBuiltDocuments();
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
  keepDocuments();
});

it('equals the committed openapi.json', async () => {
  const res = await request(t.app.getHttpServer()).get('/api/openapi.json').expect(200);
  const text = `${JSON.stringify(res.body, null, 2)}\n`;
  if (process.env.UPDATE_OPENAPI === '1') writeFileSync(FILE, text);
  expect(text).toBe(readFileSync(FILE, 'utf8'));
});

it('is the same for a second app of the process, built once and shared frozen (an edit throws and leaves it alone)', async () => {
  const first = (await request(t.app.getHttpServer()).get('/api/openapi.json').expect(200)).body;
  const second = await startApp();
  try {
    expect((await request(second.app.getHttpServer()).get('/api/openapi.json').expect(200)).body).toEqual(first);
    const shared = buildOpenApiDocument(second.app, { version: second.config.appVersion });
    expect(shared).toEqual(first);
    expect(() => (shared.paths['/health']!.get!.summary = 'edited by one app')).toThrow(TypeError);
    expect(buildOpenApiDocument(second.app, { version: second.config.appVersion }).paths['/health']!.get!.summary).toBe(first.paths['/health'].get.summary);
  } finally {
    await second.close();
  }
  const a = responseSchemas();
  const name = Object.keys(a)[0]!;
  const before = a[name]!.description;
  a[name]!.description = 'edited by one document';
  expect(responseSchemas()[name]!.description).toBe(before);
});
