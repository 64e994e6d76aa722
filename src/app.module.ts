import { DynamicModule, Global, MiddlewareConsumer, Module, NestModule, RequestMethod, Type } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from './platform/config/app-config';
import { ROOT_LOGGER } from './platform/common/logger';
import { NetworkPolicy } from './platform/net/network-policy';
import { CLIENT_METADATA_DESTINATIONS, USER_DESTINATIONS, userDestinations } from './platform/net/network-policies';
import { Clock } from './platform/common/clock';
import { ApiRateLimits } from './edge/throttle';
import { ApiSessionCookies } from './edge/api-session';
import { createValidationPipe } from './edge/validation';
import { DatabaseModule } from './platform/database/database.module';
import { ENTITIES } from './entities';
import { DbConnection } from './platform/database/embedded';
import { FaviconController } from './edge/pages/favicon.controller';
import { HealthController } from './interfaces/rest/health/health.controller';
import { ApiLimitMiddleware } from './edge/api-limit.middleware';
import { CredentialGuard } from './edge/credential.guard';
import { IdentityModule } from './domain/identity/identity.module';
import { MailModule } from './platform/outbox/mail.module';
import { RedisModule } from './platform/database/redis.module';
import { RestModule } from './interfaces/rest/rest.module';
import { ScimModule } from './interfaces/scim/scim.module';
import { ErpModule } from './interfaces/erp/erp.module';
import { OAuthModule } from './interfaces/oauth/oauth.module';
// before the MCP module's import: the document's component schemas follow the order their files load (Ask's, then MCP's)
import { AskApiModule } from './interfaces/rest/ask/ask.module';
import { McpModule } from './interfaces/mcp/mcp.module';
import { WorkspaceMiddleware } from './edge/workspace.middleware';
import { WorkspaceModule } from './domain/workspace/workspace.module';
import { CrmModule } from './domain/crm/crm.module';
import { DemoModule } from './domain/demo/demo.module';
import { WebhooksModule } from './interfaces/rest/webhooks.module';
import { WebModule } from './interfaces/web/web.module';

export interface AppOptions {
  config: AppConfig;
  db: DbConnection;
  logger: pino.Logger;
  /** Further modules (the tests' probes). */
  extraImports?: (Type<unknown> | DynamicModule)[];
  /**
   * Where OAuth client metadata documents may be fetched from: public addresses only unless given. A seam for
   * the tests (their documents are served on loopback), deliberately not a setting: no configuration of a
   * running server can point the unauthenticated fetch at internal addresses.
   */
  clientMetadataNetwork?: NetworkPolicy;
}

@Global()
@Module({})
class CoreModule {
  static forRoot(opts: AppOptions): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: opts.config },
        { provide: ROOT_LOGGER, useValue: opts.logger },
        { provide: USER_DESTINATIONS, useValue: userDestinations(opts.config) },
        { provide: CLIENT_METADATA_DESTINATIONS, useValue: opts.clientMetadataNetwork ?? NetworkPolicy.publicOnly() },
        ApiRateLimits,
        ApiSessionCookies,
        Clock,
      ],
      exports: [APP_CONFIG, ROOT_LOGGER, USER_DESTINATIONS, CLIENT_METADATA_DESTINATIONS, ApiRateLimits, ApiSessionCookies, Clock],
    };
  }
}

@Module({})
export class AppModule implements NestModule {
  static forRoot(opts: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(opts),
        RedisModule,
        DatabaseModule.forRoot(opts.db, ENTITIES),
        WorkspaceModule,
        MailModule,
        IdentityModule,
        CrmModule,
        DemoModule,
        RestModule,
        ScimModule,
        ErpModule,
        OAuthModule,
        McpModule,
        AskApiModule,
        WebhooksModule,
        WebModule,
        ...(opts.extraImports ?? []),
      ],
      controllers: [HealthController, FaviconController],
      providers: [
        { provide: APP_GUARD, useClass: CredentialGuard },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // the workspace first, then the request limit (which resolves the credential: see ApiLimitMiddleware)
    consumer
      .apply(WorkspaceMiddleware, ApiLimitMiddleware)
      .exclude({ path: 'health', method: RequestMethod.ALL }, { path: 'favicon.svg', method: RequestMethod.GET }, { path: 'favicon.ico', method: RequestMethod.GET })
      .forRoutes({ path: '/', method: RequestMethod.ALL }, { path: '*path', method: RequestMethod.ALL });
  }
}
