import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './edge/openapi/document';
import { APP_CONFIG, AppConfig } from './platform/config/app-config';
import { json, static as serveStatic, urlencoded } from 'express';
import { AppModule, AppOptions } from './app.module';
import { bodyGuard, encodingGuard } from './edge/body-guard';
import { bodyParsers, inOrder } from './edge/edge-chain';
import { hookBody, HOOKS_MOUNT } from './edge/hook-body';
import { responseCompression } from './edge/compression';
import { GlobalExceptionFilter } from './edge/exception.filter';
import { bindIdempotency } from './edge/idempotency.interceptor';
import { accessLog, bindContext, clientErrorHandler, expressErrorHandler, requestId } from './edge/request-middleware';
import { originForm } from './edge/request-target';
import { apiCors, oauthCors, securityHeaders } from './edge/security-headers';
import { PinoNestLogger } from './platform/common/logger';
import { warnWithoutSmtp } from './platform/outbox/mail';
import { ApiRateLimits } from './edge/throttle';
import { OAuthService } from './domain/identity/oauth/oauth.service';
import { attachTokenFastPath, TokenEdge } from './interfaces/oauth/token-fast-path';
import { WorkspaceService } from './domain/workspace/workspace.service';
import { AppIndex, appPage } from './interfaces/web/app-shell';

/** Builds the HTTP application; main.ts and the e2e tests both use it. */
export async function createApp(opts: AppOptions): Promise<NestExpressApplication> {
  const { config, logger } = opts;
  const root = AppModule.forRoot(opts);
  bindIdempotency(root);
  const app = await NestFactory.create<NestExpressApplication>(root, {
    bodyParser: false,
    logger: new PinoNestLogger(logger.child({ context: 'nest' })),
    abortOnError: false,
  });
  (app.getHttpServer() as import('node:http').Server).on('clientError', clientErrorHandler);
  warnWithoutSmtp(config, logger);
  if (config.allowAllPrivateNetworks) {
    logger.warn('ALLOW_PRIVATE_NETWORK_URLS=1 is deprecated: webhooks, record connections and mailbox servers may reach every private network; list the ones they need in PRIVATE_NETWORK_ALLOWLIST instead (client metadata documents are never fetched from private addresses)');
  }
  const http = app.getHttpAdapter().getInstance();
  http.disable('x-powered-by');
  // one proxy hop: the left-most X-Forwarded-For entry is written by the client and proves nothing
  http.set('trust proxy', config.trustProxy ? 1 : false);
  http.set('query parser', 'simple');

  // no ETag: responses are not cached (SCIM says so; REST and OAuth answers change with every call), so
  // hashing every body for one is work for nothing
  http.set('etag', false);

  const edge: TokenEdge = {
    requestId,
    accessLog: accessLog(logger),
    securityHeaders: securityHeaders({ behindTlsProxy: config.trustProxy }),
    oauthCors,
    formBody: urlencoded({ extended: false, limit: config.bodyLimitBytes, parameterLimit: 100 }),
  };
  // the edge as three layers instead of fourteen (src/edge/edge-chain.ts); the order of the steps is the order of work
  app.use(
    inOrder('edgeHead', [
      edge.requestId,
      edge.accessLog,
      originForm,
      edge.securityHeaders,
      // before everything that writes a body; after the access log, which counts the bytes sent
      responseCompression(),
    ]),
  );
  // the web app's hashed assets: the same for every host, cached for good (index.html is not: `appPage`)
  app.use('/assets', serveStatic(new AppIndex().assetsDir, { index: false, immutable: true, maxAge: '365d', fallthrough: true }));
  app.use(
    inOrder('edgeBody', [
      apiCors(config.corsOrigins),
      edge.oauthCors,
      encodingGuard,
      bodyParsers({ mount: HOOKS_MOUNT, parse: hookBody(config.bodyLimitBytes) }, [json({ limit: config.bodyLimitBytes, type: ['application/json', 'application/*+json'] }), edge.formBody]),
      bodyGuard(/^\/(oauth\/(token|revoke|authorize|signin)|settings\/[a-z0-9/]+|invite|reset-password|forgot-password)$/, /^\/api\/v1\/imports$/),
    ]),
  );
  app.use(expressErrorHandler(logger));
  app.use(bindContext);
  app.useGlobalFilters(new GlobalExceptionFilter(logger, appPage()));
  // POST /oauth/token: ordinary requests skip the router (src/interfaces/oauth/token-fast-path.ts)
  attachTokenFastPath(app.getHttpServer(), http, {
    config,
    log: logger,
    edge,
    workspaces: app.get(WorkspaceService),
    limits: app.get(ApiRateLimits),
    oauth: app.get(OAuthService),
  });

  // built at its first use (built once per process: buildOpenApiDocument), so an app that never serves it pays nothing
  // and the service answers before it is built (main.ts builds it right after it listens). `filter`: a box that narrows
  // the long page to one tag; `raw: ['json']`: the document is served as JSON only (openapi.json)
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app), { jsonDocumentUrl: 'api/openapi.json', raw: ['json'], swaggerOptions: { filter: true } });
  return app;
}

/** The app's OpenAPI document (served at /api/openapi.json and /api/docs), built at its first call. */
export function openApiDocument(app: NestExpressApplication): ReturnType<typeof buildOpenApiDocument> {
  return buildOpenApiDocument(app, { version: app.get<AppConfig>(APP_CONFIG).appVersion });
}
