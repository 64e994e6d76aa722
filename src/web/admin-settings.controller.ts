import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '../common/errors';
import type { CrmRequest } from '../common/http/crm-request';
import { Page } from '../common/http/pages/page-renderer';
import { WebhooksService } from '../crm/integrations/webhooks.service';
import { ErpConnectionService } from '../crm/orders/erp-connection.service';
import { SUBSCRIBABLE_EVENTS } from '../events/webhooks/event-kinds';
import { CurrentWorkspace, Public } from '../identity/auth/auth.decorator';
import { UserDirectoryService } from '../identity/user-directory.service';
import type { Workspace } from '../workspace/workspace.entity';
import { pages } from './pages';
import { baseUrlOf } from '../common/http/base-url';
import { Form, idOf, PageContext, SettingsPages, ts } from './settings-pages';

/**
 * The admins' settings pages: Apps (webhook connections and their delivery log), SCIM and ERP. The
 * services refuse other users (403 page). Server-rendered (eta), no script, excluded from OpenAPI.
 */
@ApiExcludeController()
@Public()
@Controller('settings')
export class AdminSettingsController {
  constructor(
    private readonly pages: SettingsPages,
    private readonly webhooks: WebhooksService,
    private readonly directory: UserDirectoryService,
    private readonly erp: ErpConnectionService,
  ) {}

  // ---- Apps: webhook connections ------------------------------------------------------------

  @Get('apps')
  apps(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.appsPage(ctx));
  }

  @Post('apps')
  createApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const raw = body.events;
      const events = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((e): e is string => typeof e === 'string');
      try {
        const r = await this.webhooks.create(ctx.auth, { url: typeof body.url === 'string' ? body.url : undefined, events });
        return this.appsPage(ctx, { key: r.signingKey, label: `Signing key of ${r.connection.url}` });
      } catch (e) {
        if (e instanceof DomainError && e.code === 'invalid') return this.appsPage(ctx, { error: e.message }, 400);
        throw e;
      }
    });
  }

  @Post('apps/:id/rotate')
  rotateApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const r = await this.webhooks.rotate(ctx.auth, idOf(id));
      return this.appsPage(ctx, { key: r.signingKey, label: `New signing key of ${r.connection.url}` });
    });
  }

  @Post('apps/:id/test')
  testApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.test(ctx.auth, idOf(id));
      return this.appsPage(ctx, { notice: 'Test delivery queued; its result shows in the delivery log.' });
    });
  }

  @Get('apps/:id/deliveries')
  deliveries(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, (ctx) => this.deliveriesPage(ctx, idOf(id)));
  }

  @Post('apps/:id/deliveries/:deliveryId/resend')
  resend(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.resend(ctx.auth, idOf(id), idOf(deliveryId));
      return this.deliveriesPage(ctx, idOf(id), 'Sent again: the new attempt shows in this log.');
    });
  }

  private async deliveriesPage({ auth, csrf, chrome }: PageContext, id: number, notice?: string): Promise<Page> {
    const c = await this.webhooks.get(auth, id);
    const items = (await this.webhooks.deliveries(auth, c.id)).map((d) => ({
      id: d.id,
      created: ts(auth, d.createdAt),
      event: d.event,
      status: d.status,
      ok: d.ok === true,
      http: d.httpStatus ?? '',
      error: d.error ?? '',
      ms: d.durationMs ?? '',
    }));
    return pages.render('deliveries', { chrome, csrf, notice, url: c.url, connectionId: c.id, items });
  }

  private async appsPage({ auth, csrf, chrome }: PageContext, flash: { key?: string | null; label?: string; error?: string; notice?: string } = {}, status = 200): Promise<Page> {
    const items = (await this.webhooks.list(auth)).map((c) => ({
      id: c.id,
      url: c.url,
      events: c.events.join(', '),
      active: c.active,
      latest: c.lastAt ? `${c.lastOk ? 'OK' : 'Failed'} ${c.lastStatus ?? ''} ${c.lastEvent ?? ''} ${ts(auth, c.lastAt)}${c.lastError ? ` — ${c.lastError}` : ''}` : '—',
    }));
    const shownOnce = flash.key ? { label: flash.label ?? 'Signing key', key: flash.key } : null;
    return pages.render('apps', { chrome, csrf, error: flash.error, notice: flash.notice, shownOnce, items, events: SUBSCRIBABLE_EVENTS }, status);
  }

  // ---- SCIM connection ----------------------------------------------------------------------

  @Get('scim')
  scim(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.scimPage(req, ctx));
  }

  @Post('scim/key')
  scimKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const { token } = await this.directory.rotateKey(ctx.auth);
      return this.scimPage(req, ctx, token);
    });
  }

  private async scimPage(req: CrmRequest, { auth, csrf, chrome }: PageContext, newKey?: string): Promise<Page> {
    const { key, operations } = await this.directory.connection(auth);
    return pages.render('scim', {
      chrome,
      csrf,
      newKey,
      baseUrl: `${baseUrlOf(req)}/api/scim/v2`,
      key: key ? { prefix: key.prefix, created: ts(auth, key.createdAt), lastUsed: ts(auth, key.lastUsedAt) } : null,
      operations: operations.map((a) => ({ at: ts(auth, a.at), action: a.action, subject: a.subject ?? '' })),
    });
  }

  // ---- ERP connection -----------------------------------------------------------------------

  @Get('erp')
  erpCard(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.erpPage(req, ctx));
  }

  @Post('erp/key')
  erpKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const { token } = await this.erp.rotateKey(ctx.auth);
      return this.erpPage(req, ctx, { key: token });
    });
  }

  @Post('erp/revoke')
  erpRevoke(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const n = await this.erp.revokeKey(ctx.auth);
      return this.erpPage(req, ctx, { notice: n ? `Revoked ${n} ERP key${n === 1 ? '' : 's'}: the ERP can no longer poll.` : 'No active ERP key to revoke.' });
    });
  }

  private async erpPage(req: CrmRequest, { auth, csrf, chrome }: PageContext, flash: { key?: string; notice?: string } = {}): Promise<Page> {
    const { keys, counts, lastPollAt, errors } = await this.erp.connection(auth);
    return pages.render('erp', {
      chrome,
      csrf,
      notice: flash.notice,
      newKey: flash.key,
      baseUrl: `${baseUrlOf(req)}/api/erp/v1`,
      keys: keys.map((k) => ({ prefix: k.prefix, created: ts(auth, k.createdAt), lastUsed: ts(auth, k.lastUsedAt) })),
      counts: { ...counts },
      lastPoll: ts(auth, lastPollAt),
      errors: errors.map((e) => ({ at: ts(auth, e.updatedAt), orderId: e.orderId, state: e.state, attempts: e.attempts, error: e.lastError ?? '' })),
    });
  }
}
