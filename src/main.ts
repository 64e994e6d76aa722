import 'reflect-metadata';
import { createApp } from './app.factory';
import { createRootLogger } from './common/logger';
import { loadConfig } from './config/app-config';
import { openDatabase } from './database/embedded';
import { DemoBootstrap } from './demo/demo-bootstrap';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = createRootLogger(config.logLevel);
  const db = await openDatabase(config);
  const app = await createApp({ config, db, logger });
  app.enableShutdownHooks();
  const bootstrapper = app.get(DemoBootstrap);
  const demo = await bootstrapper.ensureDemo();
  if (!demo && !config.seedDemo && (await bootstrapper.isEmpty())) {
    logger.info({ seed_demo: false, node_env: process.env.NODE_ENV ?? '' }, 'no workspace yet and no demo (SEED_DEMO off): create one with `npm run cli -- workspace:create`');
  }
  await app.listen(config.port);
  const url = `http://localhost:${config.port}`;
  logger.info({ port: config.port, database: db.embedded ? `embedded (${config.dataDir})` : 'postgresql' }, 'listening');
  if (demo) {
    // printed once, on the first start only: the secrets are not stored in readable form
    process.stdout.write(
      [
        '',
        `  Demo workspace "${demo.workspace}" created at ${url}`,
        `  Admin sign-in: ${demo.username} / ${demo.password}`,
        `  API key:       ${demo.apiKey}`,
        `  Try:           curl -H "Authorization: Bearer ${demo.apiKey}" ${url}/api/v1/me`,
        '',
        '',
      ].join('\n'),
    );
  }
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
}

bootstrap().catch((e: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'start-up failed', error: (e as Error).message })}\n`);
  process.exit(1);
});
