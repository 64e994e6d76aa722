import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError, invalid } from '../../platform/common/errors';
import type { CrmRequest } from '../../edge/crm-request';
import { Page } from '../../edge/pages/page-renderer';
import { WebhooksService } from '../../domain/integrations/webhooks.service';
import { WebhookReplay } from '../../domain/integrations/webhook-replay';
import { isSigned } from '../../domain/integrations/chat-formats';
import { CRM_EVENT_NAMES } from '../../domain/crm/event-kinds';
import { describeFilter } from '../../domain/integrations/event-filter';
import { CONNECTION_KINDS, ConnectionKind } from '../../domain/integrations/webhook-connection.entity';
import { CurrentWorkspace, Public } from '../../edge/auth.decorator';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { ConnectionForm, pages } from './pages';
import { recordConfigOf, recordKindLabel, recordKindViews, recordValues } from './record-form';
import { isRecordKind, RecordKind } from '../../domain/integrations/record-kinds';
import type { Lang } from '../../edge/pages/page-lang';
import { nameOf, SETTINGS_MESSAGES, SettingsMessages } from './settings-messages.text';
import { confirmFirst, field, fields, Form, idOf, Outcome, PageContext, redirect, refusalText, SettingsPages } from './settings-pages';

/** The connection kinds of the API (CONNECTION_KINDS) as the Apps page names them in `lang` (chat products by their names). */
const CHAT_LABELS: Record<Exclude<ConnectionKind, RecordKind | 'webhook'>, string> = { slack: 'Slack', teams: 'Microsoft Teams', google_chat: 'Google Chat', discord: 'Discord', telegram: 'Telegram' };
const kindLabel = (lang: Lang, kind: string): string =>
  kind === 'webhook' ? SETTINGS_MESSAGES[lang].appKinds.webhook : isRecordKind(kind) ? recordKindLabel(lang, kind) : (CHAT_LABELS[kind as keyof typeof CHAT_LABELS] ?? kind);
const kindsOf = (lang: Lang) => CONNECTION_KINDS.map((value) => ({ value, label: kindLabel(lang, value) }));

/** A filter in words (describeFilter), its "all of"/"any of" in the page's language. */
const filterWords = (m: SettingsMessages, filter: Parameters<typeof describeFilter>[0]): string =>
  describeFilter(filter).replace(/^(all|any) of: /, (_, match: 'all' | 'any') => `${m.filterMatch[match]}: `);

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
 * pause/resume, test, rotate, delete, delivery log). The services refuse other users (403
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
        ctx.m,
        async () => {
          const target = targetOf(body, form);
          // a new record connection needs its token: empty is "missing" (400), not "keep"
          const r = await this.webhooks.create(ctx.auth, { ...target, token: 'token' in target ? (target.token ?? '') : undefined, kind: form.kind, events: form.events, filter: filterOf(form) });
          const { m, lang } = ctx;
          const secret = isSigned(r.connection.kind) ? { label: m.signingKeyOf(r.connection.url), key: r.signingKey!, after: m.shownOnceAfter } : undefined;
          return redirect('/settings/apps', { notice: m.created(kindLabel(lang, r.connection.kind)), secret });
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
        ctx.m,
        async () => {
          await this.webhooks.update(ctx.auth, c.id, { ...targetOf(body, form), events: form.events, filter: filterOf(form) });
          return redirect('/settings/apps', { notice: ctx.m.saved });
        },
        (error) => this.editPage(ctx, c.id, c.kind, form, error),
      );
    });
  }

  @Post('apps/:id/pause')
  pauseApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.update(ctx.auth, idOf(id), { active: false });
      return redirect('/settings/apps', { notice: ctx.m.paused });
    });
  }

  @Post('apps/:id/resume')
  resumeApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.update(ctx.auth, idOf(id), { active: true });
      return redirect('/settings/apps', { notice: ctx.m.resumed });
    });
  }

  @Post('apps/:id/delete')
  deleteApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.webhooks.get(ctx.auth, idOf(id));
      const { m } = ctx;
      const ask = { title: m.askDeleteTitle, question: m.askDelete(c.url), label: m.deleteConnection, back: '/settings/apps' };
      return confirmFirst(ctx, req, body, ask, async () => {
        await this.webhooks.remove(ctx.auth, c.id);
        return redirect('/settings/apps', { notice: m.deleted });
      });
    });
  }

  @Post('apps/:id/rotate')
  rotateApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.webhooks.get(ctx.auth, idOf(id));
      const { m } = ctx;
      const ask = { title: m.askRotateSigningTitle, question: m.askRotateSigning(c.url), label: m.rotateKey, back: '/settings/apps' };
      return confirmFirst(ctx, req, body, ask, async () => {
        const r = await this.webhooks.rotate(ctx.auth, c.id);
        return redirect('/settings/apps', { secret: { label: m.newSigningKeyOf(r.connection.url), key: r.signingKey!, after: m.shownOnceAfter } });
      });
    });
  }

  @Post('apps/:id/test')
  testApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      await this.webhooks.test(ctx.auth, idOf(id));
      return redirect('/settings/apps', { notice: ctx.m.testQueued });
    });
  }

  /** "Send again everything since …" (a datetime-local, the workspace's local time). */
  @Post('apps/:id/replay')
  replayApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Body() body: Form, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const c = await this.webhooks.get(ctx.auth, idOf(id));
      return this.onInvalid(
        ctx.m,
        async () => redirect('/settings/apps', { notice: ctx.m.replayed(await this.replays.replay(ctx.auth, c.id, { since: field(body, 'since', 40) })) }),
        (error) => this.appsPage(ctx, { error: ctx.m.sendAgainError(error) }),
      );
    });
  }

  /** "Send again what failed": every event of the journal whose latest delivery to this connection failed. */
  @Post('apps/:id/replay/failed')
  replayFailedApp(@CurrentWorkspace() ws: Workspace, @Req() req: CrmRequest, @Res() res: Response, @Param('id') id: string) {
    return this.pages.handle(ws, req, res, async (ctx) => {
      const n = await this.replays.replayFailed(ctx.auth, idOf(id));
      return redirect('/settings/apps', { notice: ctx.m.replayed(n) });
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
      return redirect(`/settings/apps/${idOf(id)}/deliveries`, { notice: ctx.m.resent });
    });
  }

  private async deliveriesPage({ auth, csrf, chrome, flash, lang, m, at }: PageContext, id: number): Promise<Page> {
    const c = await this.webhooks.get(auth, id);
    const items = (await this.webhooks.deliveries(auth, c.id)).map((d) => ({
      id: d.id,
      created: at(d.createdAt),
      event: d.event,
      replay: d.replay,
      status: nameOf(m.deliveryStatus, d.status),
      ok: d.ok === true,
      http: d.httpStatus ?? '',
      error: d.error ?? '',
      ms: d.durationMs ?? '',
    }));
    return pages.render(lang, 'deliveries', { chrome, csrf, notice: flash.notice, url: c.url, connectionId: c.id, items });
  }

  private async appsPage({ auth, csrf, chrome, flash, lang, m, at }: PageContext, typed: { error?: string; form?: ConnectionForm } = {}): Promise<Page> {
    const items = (await this.webhooks.list(auth)).map((c) => ({
      id: c.id,
      url: c.url,
      kind: kindLabel(lang, c.kind),
      signed: isSigned(c.kind),
      events: c.events.join(', '),
      filter: filterWords(m, c.filter),
      active: c.active,
      latest: c.lastAt ? `${m.latest(!!c.lastOk)} ${c.lastStatus ?? ''} ${c.lastEvent ?? ''} ${at(c.lastAt)}${c.lastError ? ` — ${c.lastError}` : ''}` : '—',
    }));
    const form = typed.form ?? { url: '', kind: 'webhook', events: [], filter: '', record: {} };
    const example = filterExample(auth.workspace);
    const view = { error: typed.error, items, events: CRM_EVENT_NAMES, kinds: kindsOf(lang), form, filterExample: example, recordKinds: recordKindViews(lang), withUrl: true };
    return pages.render(lang, 'apps', { chrome, csrf, ...flash, ...view }, typed.error ? 400 : 200);
  }

  private editPage({ auth, csrf, chrome, lang }: PageContext, id: number, kind: string, form: ConnectionForm, error?: string): Page {
    const example = filterExample(auth.workspace);
    const record = isRecordKind(kind);
    const view = { id, kind: kindLabel(lang, kind), form, events: CRM_EVENT_NAMES, filterExample: example, recordKinds: record ? recordKindViews(lang, kind) : [], withUrl: !record, signed: isSigned(kind) };
    return pages.render(lang, 'appEdit', { chrome, csrf, error, ...view }, error ? 400 : 200);
  }

  /** Runs a change; a validation error (`invalid`) re-renders its form with what was typed (400). */
  private async onInvalid(m: SettingsMessages, change: () => Promise<Outcome>, form: (error: string) => Promise<Page> | Page): Promise<Outcome> {
    try {
      return await change();
    } catch (e) {
      if (e instanceof DomainError && e.code === 'invalid') return form(refusalText(m, e));
      throw e;
    }
  }
}
