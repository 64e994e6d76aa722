/** CommonJS jest with @swc/jest: NestJS 12 is ESM-only, so @nestjs is transformed too (see docs/decisions.md). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|oauth4webapi)/)'],
  // every response of the e2e suite is checked against openapi.json (test/helpers/contract.ts)
  setupFilesAfterEnv: ['<rootDir>/test/helpers/contract-setup.ts'],
  testTimeout: 120000,
  maxWorkers: 2,
};
