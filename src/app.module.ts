import { DynamicModule, Global, MiddlewareConsumer, Module, NestModule, RequestMethod, Type } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { ROOT_LOGGER } from './common/logger';
import { ApiRateLimits } from './common/http/throttle';
import { createValidationPipe } from './common/http/validation';
import { DatabaseModule } from './database/database.module';
import { DbConnection } from './database/embedded';
import { FaviconController } from './common/http/pages/favicon.controller';
import { HealthController } from './health/health.controller';
import { ApiLimitMiddleware } from './identity/auth/api-limit.middleware';
import { CredentialGuard } from './identity/auth/credential.guard';
import { IdentityModule } from './identity/identity.module';
import { MailModule } from './events/mail.module';
import { RedisModule } from './database/redis.module';
import { RestModule } from './rest/rest.module';
import { ScimModule } from './scim/scim.module';
import { ErpModule } from './erp/erp.module';
import { OAuthModule } from './oauth/oauth.module';
import { McpModule } from './mcp/mcp.module';
import { WorkspaceMiddleware } from './workspace/workspace.middleware';
import { WorkspaceModule } from './workspace/workspace.module';
import { CrmModule } from './crm/crm.module';
import { DemoModule } from './demo/demo.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { WebModule } from './web/web.module';

export interface AppOptions {
  config: AppConfig;
  db: DbConnection;
  logger: pino.Logger;
  /** Further modules (the tests' probes). */
  extraImports?: (Type<unknown> | DynamicModule)[];
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
        ApiRateLimits,
      ],
      exports: [APP_CONFIG, ROOT_LOGGER, ApiRateLimits],
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
        DatabaseModule.forRoot(opts.db),
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
      .forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
