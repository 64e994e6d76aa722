// eslint-disable-next-line @typescript-eslint/no-require-imports
const { EMBEDDED_ENV } = require('../../jest.groups') as { EMBEDDED_ENV: Record<string, string> };

/**
 * setupFiles of the embedded project in a run over both databases (jest.config.js, JEST_DATABASES=both): this file's
 * process.env (jest gives each test file a copy of the worker's) says "no DATABASE_URL", so its databases, its apps
 * and the group it runs (test/groups/run-group.ts) are the embedded pass's.
 */
Object.assign(process.env, EMBEDDED_ENV);
