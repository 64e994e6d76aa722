import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { DomainError } from '../platform/common/errors';
import { requestContext } from '../platform/common/request-context';
import type { CrmRequest } from './crm-request';
import { ApiRateLimits, isLimitedPath } from './throttle';
import { slugFromHost, workspaceHostOf } from '../domain/workspace/host';
import { WorkspaceService } from '../domain/workspace/workspace.service';
import { linkBase } from '../domain/workspace/link-base';

/** Finds the workspace from the Host (X-Forwarded-Host only behind a trusted proxy). */
@Injectable()
export class WorkspaceMiddleware implements NestMiddleware {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly limits: ApiRateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async use(req: CrmRequest, res: Response, next: NextFunction): Promise<void> {
    const slug = slugFromHost(workspaceHostOf(req.headers, this.config.trustProxy), this.config.baseDomain, this.config.defaultWorkspace);
    try {
      const ws = slug ? await this.workspaces.findBySlug(slug) : null;
      if (!ws) {
        // guessing hosts is traffic without a verified credential: it counts against the address
        if (isLimitedPath(req.path)) await this.limits.consumeAddress(req.ip, res);
        return next(new DomainError('not_found', 'workspace not found'));
      }
      req.workspace = ws;
      // links are made on the configured base of the workspace, never on the Host that named it
      req.linkBase = linkBase(this.config, ws.slug);
      const ctx = requestContext.getStore();
      if (ctx) {
        ctx.workspace = ws.slug;
        ctx.linkBase = { workspaceId: ws.id, url: req.linkBase };
      }
      next();
    } catch (e) {
      next(e);
    }
  }
}
