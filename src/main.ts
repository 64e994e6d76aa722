import './compile-cache';
import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, openApiDocument } from './app.factory';
import { createRootLogger } from './platform/common/logger';
import { loadConfig } from './platform/config/app-config';
import { openDatabase } from './platform/database/embedded';
import { DemoBootstrap, DemoCredentials } from './domain/demo/demo-bootstrap';
import { McpTools } from './interfaces/mcp/mcp.tools';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = createRootLogger(config.logLevel);
  // Node 24 LTS is what is supported and tested (npm scripts run the one npm ci installs)
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) logger.warn({ node: process.version }, 'this Node.js release is not supported: run the service on Node 24 (`npm start` uses node_modules/.bin/node)');
  const db = await openDatabase(config);
  const app = await createApp({ config, db, logger });
  app.enableShutdownHooks();
  // listen first: a start that cannot open its port saves nothing (the demo is created after)
  await app.listen(config.port);
  const port = (app.getHttpServer() as Server).address() as AddressInfo;
  const url = (config.publicUrl ?? `http://localhost:${port.port}`).replace(/\/$/, '');
  logger.info({ port: port.port, database: db.embedded ? `embedded (${config.dataDir})` : 'postgresql', sign_in: `${url}/`, api_docs: `${url}/api/docs` }, 'listening');
  const bootstrapper = app.get(DemoBootstrap);
  const demo = await bootstrapper.ensureDemo();
  if (!demo && !config.seedDemo && (await bootstrapper.isEmpty())) {
    logger.info({ seed_demo: false, node_env: process.env.NODE_ENV ?? '' }, 'no workspace yet and no demo (SEED_DEMO off): create one with `npm run cli -- workspace:create`');
  }
  // on stdout, not in the log: printed on every start until the demo admin signs in (each time a new password)
  if (demo) process.stdout.write(demoBanner(demo, url));
  // the MCP tool catalogue and the OpenAPI document are built at first use (an app that never serves them skips them):
  // here, once the service answers, before a request needs them
  app.get(McpTools).warm();
  openApiDocument(app);
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
}

/** What a new user needs: where to sign in, with what, and where the API is described. */
function demoBanner(demo: DemoCredentials, url: string): string {
  return [
    '',
    demo.apiKey ? `  Demo workspace "${demo.workspace}" created at ${url}` : `  Demo workspace "${demo.workspace}" at ${url}: its admin has not signed in yet, so here is a new password`,
    `  Sign in:   ${url}/  as ${demo.username} / ${demo.password}  (the web app; settings at ${url}/settings)`,
    `  API docs:  ${url}/api/docs`,
    ...(demo.apiKey ? [`  API key:   ${demo.apiKey}`, `  Try:       curl -H "Authorization: Bearer ${demo.apiKey}" ${url}/api/v1/me`] : []),
    '  (shown on every start, with a new password, until the demo admin has signed in once)',
    '',
    '',
  ].join('\n');
}

bootstrap().catch((e: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'start-up failed', error: (e as Error).message })}\n`);
  process.exit(1);
});
