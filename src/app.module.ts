import { DynamicModule, Global, MiddlewareConsumer, Module, NestModule, RequestMethod, Type } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import { CoreOptions, coreImports } from './core.module';
import { ApiRateLimits } from './edge/throttle';
import { ApiSessionCookies } from './edge/api-session';
import { createValidationPipe } from './edge/validation';
import { FaviconController } from './edge/pages/favicon.controller';
import { HealthController } from './interfaces/rest/health/health.controller';
import { ApiLimitMiddleware } from './edge/api-limit.middleware';
import { CredentialGuard } from './edge/credential.guard';
import { RestModule } from './interfaces/rest/rest.module';
import { ScimModule } from './interfaces/scim/scim.module';
import { ErpModule } from './interfaces/erp/erp.module';
import { OAuthModule } from './interfaces/oauth/oauth.module';
// before the MCP module's import: the document's component schemas follow the order their files load (Ask's, then MCP's)
import { AskApiModule } from './interfaces/rest/ask/ask.module';
import { McpModule } from './interfaces/mcp/mcp.module';
import { WorkspaceMiddleware } from './edge/workspace.middleware';
import { WebhooksModule } from './interfaces/rest/webhooks.module';
import { WebModule } from './interfaces/web/web.module';

export interface AppOptions extends CoreOptions {
  /** Further modules (the tests' probes). */
  extraImports?: (Type<unknown> | DynamicModule)[];
}

/** The HTTP edge's shared state: the request limits and the API's session cookies. */
@Global()
@Module({ providers: [ApiRateLimits, ApiSessionCookies], exports: [ApiRateLimits, ApiSessionCookies] })
class EdgeStateModule {}

@Module({})
export class AppModule implements NestModule {
  static forRoot(opts: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreImports(opts),
        EdgeStateModule,
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
