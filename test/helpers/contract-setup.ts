// the constants blocks the CRM's features own, as the app registers them when it loads the CRM: a unit test that reads
// defaultConstants() without starting an app sees the same constants as a workspace the app creates
import '../../src/domain/crm/constants-blocks';
import { queryMemo } from '../../src/platform/database/query-memo';
import { setCurrentTest, violationCount, violationsSince } from './contract';
import { keepDocuments } from './document-store';

// every tenant query builder of the suite builds its SQL text and compares it with the memo's (query-memo.ts)
queryMemo.check = true;
// the apps' OpenAPI document is built once per source tree, not once per module registry (document-store.ts)
keepDocuments();

/**
 * Jest setup (jest.config.js setupFilesAfterEnv): a test fails when a response it received does not match
 * the OpenAPI document (test/helpers/contract.ts). A response that finishes after its test is reported by
 * the next test, or at the end of the file, named with the test that sent it.
 */
let reported = 0;

function report(): void {
  const found = violationsSince(reported);
  reported = violationCount();
  if (found.length === 0) return;
  const lines = found.slice(0, 10).map((v) => `  ${v.request} (${v.operation}, sent by "${v.test}"): ${v.problem}`);
  throw new Error(`responses that do not match openapi.json:\n${lines.join('\n')}`);
}

beforeEach(() => setCurrentTest(expect.getState().currentTestName ?? ''));
afterEach(report);
afterAll(report);
