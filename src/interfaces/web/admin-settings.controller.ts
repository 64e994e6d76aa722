import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError, invalid } from '../../platform/common/errors';
import type { CrmRequest } from '../../edge/crm-request';
import { Page } from '../../edge/pages/page-renderer';
import { WebhooksService } from '../../domain/integrations/webhooks.service';
import { WebhookReplay } from '../../domain/integrations/webhook-replay';
import { ErpConnectionService } from '../../domain/crm/orders/erp-connection.service';
import { ErpDeadLettersService } from '../../domain/crm/orders/erp-dead-letters.service';
import { isSigned } from '../../domain/integrations/chat-formats';
import { SUBSCRIBABLE_EVENTS } from '../../domain/integrations/event-kinds';
import { describeFilter } from '../../domain/integrations/event-filter';
import { CONNECTION_KINDS, ConnectionKind } from '../../domain/integrations/webhook-connection.entity';
import { CurrentWorkspace, Public } from '../../edge/auth.decorator';
import { UserDirectoryService } from '../../domain/identity/user-directory.service';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { ConnectionForm, pages } from './pages';
import { linkBaseOf } from '../../edge/base-url';
import { RECORD_KIND_LABELS, recordConfigOf, recordKindViews, recordValues } from './record-form';
import { isRecordKind } from '../../domain/integrations/record-kinds';
import { confirmFirst, field, fields, Form, idOf, Outcome, PageContext, redirect, SettingsPages, ts } from './settings-pages';

/** The connection kinds of the API (CONNECTION_KINDS) as the Apps page names them. */
const KIND_LABELS: Record<ConnectionKind, string> = {
  webhook: 'Webhook (signed JSON)',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  google_chat: 'Google Chat',
  discord: 'Discord',
  telegram: 'Telegram',
  ...RECORD_KIND_LABELS,
};
const KINDS = CONNECTION_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));
const kindLabel = (kind: string): string => KIND_LABELS[kind as ConnectionKind] ?? kind;

const replayed = (n: number): string =>
  n ? `${n} ${n === 1 ? 'event' : 'events'} queued to send again; they show in the delivery log as replays.` : 'Nothing to send again in that window.';

/** A connection form as typed (kept on a form error). */
const connectionForm = (body: Form | undefined, kind = field(body, 'kind', 40) || 'webhook'): ConnectionForm => ({
  url: field(body, 'url'),
  kind,
  events: fields(body, 'events'),
  filter: field(body, 'filter', FILTER_TEXT_MAX),
  record: recordValues(kind, recordConfigOf(body, kind)),
});

/** What a connection form changes: the URL for webhook and chat kinds; the product's settings and token (kept when left empty on edit) for record kinds. */
const targetOf = (body: Form | undefined, form: ConnectionForm) =>
  isRecordKind(form.kind) ? { config: recordConfigOf(body, form.kind), token: field(body, 'token', 4096).trim() || undefined } : { url: form.url };
const FILTER_TEXT_MAX = 8000;

/** The filter textarea: empty is no filter; otherwise JSON, which the service checks (400 naming the part). */
function filterOf(form: ConnectionForm): unknown {
  const text = form.filter.trim();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw invalid('filter', `is not valid JSON (${e instanceof Error ? e.message.slice(0, 120) : 'parse error'})`);
  }
}

/** The filter as the edit form shows it: indented JSON, or empty. */
const filterText = (filter: unknown): string => (filter ? JSON.stringify(filter, null, 2) : '');

/** A filter example for the form's hint, on this workspace's won stage (installation constants differ). */
function filterExample(ws: Workspace): string {
  const won = Object.entries(ws.constants.stage_roles).find(([, role]) => role === 'won')?.[0] ?? '';
  return JSON.stringify({ match: 'all', conditions: [{ field: 'stage', op: 'in', value: [won] }] });
}

/**
 * The admins' settings pages: Apps (webhook and chat connections: create every kind of the API, edit,
 * pause/resume, test, rotate, delete, delivery log), SCIM and ERP. The services refuse other users (403
 * page). Server-rendered (eta), no script, excluded from OpenAPI. Changes answer 303 (POST-redirect-GET);
 * a new key is shown once by the page after the redirect; destructive actions ask first.
 */
@ApiExcludeController()
@Public()
@Controller('settings')
export class AdminSettingsController {
  constructor(
    private readonly pages: SettingsPages,
    private readonly webhooks: WebhooksService,
    private readonly replays: WebhookReplay,
    private readonly directory: UserDirectoryService,
    private readonly erp: ErpConnectionService,
    private readonly deadLetters: ErpDeadLettersService,
  ) {}

  // ---- Apps: webhook and chat connections ---------------------------------------------------

  @Get('apps')
  apps(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.appsPage(ctx));
  }

  @Post('apps')
  createApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const form = connectionForm(body);
      return this.onInvalid(
        async () => {
          const target = targetOf(body, form);
          // a new record connection needs its token: empty is "missing" (400), not "keep"
          const r = await this.webhooks.create(ctx.auth, { ...target, token: 'token' in target ? (target.token ?? '') : undefined, kind: form.kind, events: form.events, filter: filterOf(form) });
          const secret = isSigned(r.connection.kind) ? { label: `Signing key of ${r.connection.url}`, key: r.signingKey!, after: 'it is not shown again' } : undefined;
          return redirect('/settings/apps', { notice: `Connection created (${kindLabel(r.connection.kind)}). Send a test to check it.`, secret });
        },
        (error) => this.appsPage(ctx, { error, form }),
      );
    });
  }

  @Get('apps/:id/edit')
  editApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.webhooks.get(ctx.auth, idOf(id));
      return this.editPage(ctx, c.id, c.kind, { url: c.url, kind: c.kind, events: c.events, filter: filterText(c.filter), record: recordValues(c.kind, c.config) });
    });
  }

  @Post('apps/:id')
  updateApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.webhooks.get(ctx.auth, idOf(id));
      const form = connectionForm(body, c.kind);
      return this.onInvalid(
        async () => {
          await this.webhooks.update(ctx.auth, c.id, { ...targetOf(body, form), events: form.events, filter: filterOf(form) });
          return redirect('/settings/apps', { notice: 'Connection saved.' });
        },
        (error) => this.editPage(ctx, c.id, c.kind, form, error),
      );
    });
  }

  @Post('apps/:id/pause')
  pauseApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.update(ctx.auth, idOf(id), { active: false });
      return redirect('/settings/apps', { notice: 'Connection paused: it receives no events until you resume it.' });
    });
  }

  @Post('apps/:id/resume')
  resumeApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.update(ctx.auth, idOf(id), { active: true });
      return redirect('/settings/apps', { notice: 'Connection resumed: new events are delivered again.' });
    });
  }

  @Post('apps/:id/delete')
  deleteApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.webhooks.get(ctx.auth, idOf(id));
      const ask = { title: 'Delete connection?', question: `Delete the connection to ${c.url}? It receives no more events, and its delivery log is deleted with it.`, label: 'Delete connection', back: '/settings/apps' };
      return confirmFirst(ctx, req, body, ask, async () => {
        await this.webhooks.remove(ctx.auth, c.id);
        return redirect('/settings/apps', { notice: 'Connection deleted.' });
      });
    });
  }

  @Post('apps/:id/rotate')
  rotateApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.webhooks.get(ctx.auth, idOf(id));
      const ask = { title: 'Rotate signing key?', question: `Make a new signing key for ${c.url}? The current key stops signing at once: the receiver must check with the new one.`, label: 'Rotate key', back: '/settings/apps' };
      return confirmFirst(ctx, req, body, ask, async () => {
        const r = await this.webhooks.rotate(ctx.auth, c.id);
        return redirect('/settings/apps', { secret: { label: `New signing key of ${r.connection.url}`, key: r.signingKey!, after: 'it is not shown again' } });
      });
    });
  }

  @Post('apps/:id/test')
  testApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.test(ctx.auth, idOf(id));
      return redirect('/settings/apps', { notice: 'Test delivery queued; its result shows in the delivery log.' });
    });
  }

  /** "Send again everything since …" (a datetime-local, the workspace's local time). */
  @Post('apps/:id/replay')
  replayApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.webhooks.get(ctx.auth, idOf(id));
      return this.onInvalid(
        async () => redirect('/settings/apps', { notice: replayed(await this.replays.replay(ctx.auth, c.id, { since: field(body, 'since', 40) })) }),
        (error) => this.appsPage(ctx, { error: `Send again: ${error}` }),
      );
    });
  }

  /** "Send again what failed": every event of the journal whose latest delivery to this connection failed. */
  @Post('apps/:id/replay/failed')
  replayFailedApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const n = await this.replays.replayFailed(ctx.auth, idOf(id));
      return redirect('/settings/apps', { notice: replayed(n) });
    });
  }

  @Get('apps/:id/deliveries')
  deliveries(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, (ctx) => this.deliveriesPage(ctx, idOf(id)));
  }

  @Post('apps/:id/deliveries/:deliveryId/resend')
  resend(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.resend(ctx.auth, idOf(id), idOf(deliveryId));
      return redirect(`/settings/apps/${idOf(id)}/deliveries`, { notice: 'Sent again: the new attempt shows in this log.' });
    });
  }

  private async deliveriesPage({ auth, csrf, chrome, flash }: PageContext, id: number): Promise<Page> {
    const c = await this.webhooks.get(auth, id);
    const items = (await this.webhooks.deliveries(auth, c.id)).map((d) => ({
      id: d.id,
      created: ts(auth, d.createdAt),
      event: d.event,
      replay: d.replay,
      status: d.status,
      ok: d.ok === true,
      http: d.httpStatus ?? '',
      error: d.error ?? '',
      ms: d.durationMs ?? '',
    }));
    return pages.render('deliveries', { chrome, csrf, notice: flash.notice, url: c.url, connectionId: c.id, items });
  }

  private async appsPage({ auth, csrf, chrome, flash }: PageContext, typed: { error?: string; form?: ConnectionForm } = {}): Promise<Page> {
    const items = (await this.webhooks.list(auth)).map((c) => ({
      id: c.id,
      url: c.url,
      kind: kindLabel(c.kind),
      signed: isSigned(c.kind),
      events: c.events.join(', '),
      filter: describeFilter(c.filter),
      active: c.active,
      latest: c.lastAt ? `${c.lastOk ? 'OK' : 'Failed'} ${c.lastStatus ?? ''} ${c.lastEvent ?? ''} ${ts(auth, c.lastAt)}${c.lastError ? ` — ${c.lastError}` : ''}` : '—',
    }));
    const form = typed.form ?? { url: '', kind: 'webhook', events: [], filter: '', record: {} };
    const example = filterExample(auth.workspace);
    const view = { error: typed.error, items, events: SUBSCRIBABLE_EVENTS, kinds: KINDS, form, filterExample: example, recordKinds: recordKindViews(), withUrl: true };
    return pages.render('apps', { chrome, csrf, ...flash, ...view }, typed.error ? 400 : 200);
  }

  private editPage({ auth, csrf, chrome }: PageContext, id: number, kind: string, form: ConnectionForm, error?: string): Page {
    const example = filterExample(auth.workspace);
    const record = isRecordKind(kind);
    const view = { id, kind: kindLabel(kind), form, events: SUBSCRIBABLE_EVENTS, filterExample: example, recordKinds: record ? recordKindViews(kind) : [], withUrl: !record, signed: isSigned(kind) };
    return pages.render('appEdit', { chrome, csrf, error, ...view }, error ? 400 : 200);
  }

  /** Runs a change; a validation error (`invalid`) re-renders its form with what was typed (400). */
  private async onInvalid(change: () => Promise<Outcome>, form: (error: string) => Promise<Page> | Page): Promise<Outcome> {
    try {
      return await change();
    } catch (e) {
      if (e instanceof DomainError && e.code === 'invalid') return form(e.message);
      throw e;
    }
  }

  // ---- SCIM connection ----------------------------------------------------------------------

  @Get('scim')
  scim(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, (ctx) => this.scimPage(req, ctx));
  }

  @Post('scim/key')
  scimKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const rotate = async () => {
        const { token } = await this.directory.rotateKey(ctx.auth);
        return redirect('/settings/scim', { secret: { label: 'New SCIM key', key: token, after: 'earlier keys are revoked; it is not shown again' } });
      };
      if (!(await this.directory.connection(ctx.auth, 1)).key) return rotate();
      const ask = { title: 'Rotate SCIM key?', question: 'Make a new SCIM key? The current key stops working at once: the identity provider cannot provision users until it has the new one.', label: 'Rotate key', back: '/settings/scim' };
      return confirmFirst(ctx, req, body, ask, rotate);
    });
  }

  private async scimPage(req: CrmRequest, { auth, csrf, chrome, flash }: PageContext): Promise<Page> {
    const { key, operations } = await this.directory.connection(auth);
    return pages.render('scim', {
      chrome,
      csrf,
      ...flash,
      baseUrl: `${linkBaseOf(req)}/api/scim/v2`,
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
  erpKey(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const rotate = async () => {
        const { token } = await this.erp.rotateKey(ctx.auth);
        return redirect('/settings/erp', { secret: { label: 'New ERP key', key: token, after: 'earlier keys are revoked; it is not shown again' } });
      };
      if (!(await this.erp.connection(ctx.auth)).keys.length) return rotate();
      const ask = { title: 'Rotate ERP key?', question: 'Make a new ERP key? The current keys stop working at once: the ERP cannot poll until it has the new one.', label: 'Rotate key', back: '/settings/erp' };
      return confirmFirst(ctx, req, body, ask, rotate);
    });
  }

  @Post('erp/revoke')
  erpRevoke(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const ask = { title: 'Revoke all ERP keys?', question: 'Revoke every ERP key? The ERP can no longer poll until you create a new key.', label: 'Revoke all keys', back: '/settings/erp' };
      return confirmFirst(ctx, req, body, ask, async () => {
        const n = await this.erp.revokeKey(ctx.auth);
        return redirect('/settings/erp', { notice: n ? `Revoked ${n} ERP key${n === 1 ? '' : 's'}: the ERP can no longer poll.` : 'No active ERP key to revoke.' });
      });
    });
  }

  @Post('erp/requeue')
  erpRequeueAll(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const n = await this.deadLetters.requeueAll(ctx.auth);
      return redirect('/settings/erp', { notice: n ? `Requeued ${n} dead letter${n === 1 ? '' : 's'}: the ERP gets them at its next poll.` : 'No dead letters to requeue.' });
    });
  }

  @Post('erp/requeue/:id')
  erpRequeue(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const n = await this.deadLetters.requeue(ctx.auth, idOf(id));
      return redirect('/settings/erp', { notice: n ? 'Requeued: the ERP gets the order at its next poll.' : 'The order waits in the queue already.' });
    });
  }

  private async erpPage(req: CrmRequest, { auth, csrf, chrome, flash }: PageContext): Promise<Page> {
    const { keys, counts, lastPollAt, errors, heartbeat } = await this.erp.connection(auth);
    const dead = await this.deadLetters.list(auth);
    return pages.render('erp', {
      chrome,
      csrf,
      ...flash,
      baseUrl: `${linkBaseOf(req)}/api/erp/v1`,
      keys: keys.map((k) => ({ prefix: k.prefix, created: ts(auth, k.createdAt), lastUsed: ts(auth, k.lastUsedAt) })),
      counts: { ...counts },
      lastPoll: ts(auth, lastPollAt),
      heartbeat: { claimed: heartbeat.claimedLastHour, reported: heartbeat.reportedLastHour, oldest: ts(auth, heartbeat.oldestWaitingAt), stalledSince: heartbeat.stalledSince ? ts(auth, heartbeat.stalledSince) : '' },
      errors: errors.map((e) => ({ at: ts(auth, e.updatedAt), orderId: e.orderId, state: e.state, attempts: e.attempts, error: e.lastError ?? '' })),
      deadLetters: dead.items.map(({ entry, ref }) => ({
        id: entry.id,
        ref,
        at: ts(auth, entry.doneAt),
        reason: entry.deadReason === 'rejected' ? 'rejected by the ERP' : 'too many attempts',
        attempts: entry.attempts,
        error: entry.lastError,
      })),
      deadTotal: dead.total,
    });
  }
}
