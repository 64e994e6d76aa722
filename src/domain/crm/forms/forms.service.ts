import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError, forbidden, invalidFields, notFound } from '../../../platform/common/errors';
import { addressKey } from '../../../platform/common/address-key';
import { todayIn } from '../../../platform/common/time';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import { LimiterFactory } from '../../../platform/database/redis.module';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { MODULES } from '../../workspace/defaults';
import type { Workspace } from '../../workspace/workspace.entity';
import { WorkspaceService } from '../../workspace/workspace.service';
import { CompaniesService } from '../companies';
import { Company } from '../companies/company.entity';
import { recordPath } from '../shared/record-keys';
import { normalizeName } from '../shared/duplicate';
import { RefsService } from '../shared/refs.service';
import { Task } from '../tasks/task.entity';
import { defaultPriority, defaultStatus } from '../tasks';
import { WebForm, WebFormField } from './web-form.entity';

export interface WebFormInput {
  name?: string;
  owner_id?: number;
  fields?: unknown;
  active?: boolean;
}

/** A public submission (already checked for types and lengths at the edge). */
export interface SubmissionInput {
  company?: string;
  name?: string;
  email?: string;
  phone?: string;
  message?: string;
  /** Values of the form's extra fields. */
  fields?: Record<string, unknown>;
  /** Honeypot: hidden from people, filled by bots. */
  website?: string;
}

export interface FormView {
  form: WebForm;
  owner: User | undefined;
}

export const MAX_FORM_FIELDS = 20;
export const MAX_FIELD_VALUE = 1000;
const KEY_RE = /^[a-z][a-z0-9_]{0,39}$/;
const STANDARD_KEYS = new Set(['company', 'name', 'email', 'phone', 'message', 'website']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Website forms (docs/crm-rules.md "Website forms"): admins build them; anyone may submit to a form's
 * public key on the workspace's host. A submission creates or matches the company (by normalized
 * name), creates a task for the form's owner and raises `form_submitted`. Abuse: a per-address limit
 * (FORM_SUBMIT_PER_HOUR) and a honeypot field (`website`) that, when filled, is answered like a success
 * and stores nothing.
 */
@Injectable()
export class FormsService {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly refs: RefsService,
    private readonly users: UsersService,
    private readonly companies: CompaniesService,
    private readonly workspaces: WorkspaceService,
    limiters: LimiterFactory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limiter = limiters.create('form:address', { points: config.formSubmitPerHour, duration: 3600 });
  }

  async list(auth: UserContext): Promise<FormView[]> {
    assertAdmin(auth);
    const forms = await this.uow.tenant(auth.workspace.id).find(WebForm, { order: { name: 'ASC', id: 'ASC' }, take: 500 });
    const owners = await this.users.byIds(auth.workspace.id, forms.map((f) => f.ownerId));
    return forms.map((form) => ({ form, owner: owners.get(form.ownerId) }));
  }

  async get(auth: UserContext, id: number): Promise<FormView> {
    assertAdmin(auth);
    const form = await this.uow.tenant(auth.workspace.id).byId(WebForm, id);
    if (!form) throw notFound('form');
    return { form, owner: (await this.users.byIds(auth.workspace.id, [form.ownerId])).get(form.ownerId) };
  }

  async create(auth: UserContext, input: WebFormInput, opts: { isSample?: boolean } = {}): Promise<FormView> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const name = (input.name ?? '').trim();
      const problems = [...(name ? [] : [{ field: 'name', message: 'is required' }]), ...checkFields(input.fields ?? []).problems];
      if (problems.length) throw invalidFields(problems);
      const owner = input.owner_id !== undefined ? await this.refs.user(auth, input.owner_id, 'owner_id') : auth.user;
      const form = await db.save(
        WebForm,
        db.create(WebForm, {
          name,
          publicKey: randomBytes(12).toString('base64url'),
          ownerId: owner.id,
          fields: checkFields(input.fields ?? []).fields,
          active: input.active ?? true,
          submissions: 0,
          lastSubmittedAt: null,
          isSample: opts.isSample ?? false,
        }),
      );
      return { form, owner };
    });
  }

  async update(auth: UserContext, id: number, input: WebFormInput): Promise<FormView> {
    assertAdmin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const form = await db.byId(WebForm, id, true);
      if (!form) throw notFound('form');
      if (input.name !== undefined) {
        const name = (input.name ?? '').trim();
        if (!name) throw invalidFields([{ field: 'name', message: 'must not be empty' }]);
        form.name = name;
      }
      if (input.fields !== undefined) {
        const checked = checkFields(input.fields);
        if (checked.problems.length) throw invalidFields(checked.problems);
        form.fields = checked.fields;
      }
      if (input.owner_id !== undefined) form.ownerId = (await this.refs.user(auth, input.owner_id, 'owner_id')).id;
      if (input.active !== undefined) form.active = input.active;
      const saved = await db.save(WebForm, form);
      return { form: saved, owner: (await this.users.byIds(auth.workspace.id, [saved.ownerId])).get(saved.ownerId) };
    });
  }

  /**
   * A public submission to form `publicKey` of workspace `ws` from client address `ip`. Counted
   * against the address first (429 over the limit); an unknown or inactive form is 404; a filled
   * honeypot returns without storing anything.
   */
  async submit(ws: Workspace, publicKey: string, input: SubmissionInput, ip: string | undefined): Promise<void> {
    await this.consume(`${ws.id}:${addressKey(ip)}`);
    const db = this.uow.tenant(ws.id);
    await this.uow.run(async () => {
      const form = await db.findOne(WebForm, { where: { publicKey, active: true } });
      // forms are part of Customers: a licence without it (or a blocked one) has no public forms
      if (!form || !this.workspaces.licensedModules(ws).includes(MODULES.customers)) throw notFound('form');
      if ((input.website ?? '').trim()) return;
      const values = this.checkSubmission(form, input);
      const owner = await this.ownerOf(ws, form);
      // the owner's team is loaded on demand (AccessService.teamIds): the form acts with the owner's real visibility
      const auth: UserContext = { workspace: ws, user: owner, credential: { id: 0, kind: 'session', scopes: ['crm.write'] }, modules: [] };

      const companyName = input.company!.trim();
      let company = await this.match(ws, companyName);
      let created = false;
      if (!company) {
        try {
          company = (await this.companies.create(auth, { name: companyName, source: `Website form: ${form.name}`.slice(0, 100), email: input.email?.trim() ?? '', phone: input.phone?.trim() ?? '' })).company;
          created = true;
        } catch (e) {
          // created meanwhile by someone else (the create holds the duplicate lock): take that one
          if (!(e instanceof DomainError && e.code === 'duplicate')) throw e;
          company = await this.match(ws, companyName);
          if (!company) throw e;
        }
      }

      const c = ws.constants;
      const lines = [
        `Form: ${form.name}`,
        input.name?.trim() ? `Name: ${input.name.trim()}` : '',
        input.email?.trim() ? `E-mail: ${input.email.trim()}` : '',
        input.phone?.trim() ? `Phone: ${input.phone.trim()}` : '',
        ...form.fields.filter((f) => values[f.key] !== undefined).map((f) => `${f.label}: ${values[f.key]}`),
        input.message?.trim() ? `\n${input.message.trim()}` : '',
      ].filter(Boolean);
      const task = await db.save(
        Task,
        db.create(Task, {
          title: `Website form "${form.name}": ${company.name}`.slice(0, 300),
          description: lines.join('\n'),
          dueDate: todayIn(ws.timezone),
          priority: defaultPriority(c.task_priorities),
          status: defaultStatus(c.task_statuses),
          assigneeId: owner.id,
          ownerId: owner.id,
          customerId: company.id,
          personId: null,
          oppId: null,
          doneAt: null,
          isSample: form.isSample,
        }),
      );
      await db.update(WebForm, { id: form.id }, { submissions: () => 'submissions + 1', lastSubmittedAt: new Date() });
      this.uow.recordEvent({
        workspaceId: ws.id,
        event: 'form_submitted',
        title: `Website form: ${form.name}`,
        text: `${input.name?.trim() || 'Someone'} from ${company.name} sent the form "${form.name}"${created ? ' (new company)' : ''}.`,
        url: recordPath('task', task.id),
        data: {
          form: form.name,
          company: company.name,
          name: input.name?.trim() ?? '',
          email: input.email?.trim() ?? '',
          phone: input.phone?.trim() ?? '',
          customer_id: company.id,
          task_id: task.id,
          new_customer: created,
        },
        // the record it is about is the task it created (its url): the journal shows it to whoever sees that task
        recordType: 'task',
        recordId: task.id,
        sample: form.isSample,
      });
    });
  }

  /** A company of the workspace with the same normalized name: an active one first, then the oldest. */
  private match(ws: Workspace, name: string): Promise<Company | null> {
    return this.uow
      .tenant(ws.id)
      .qb(Company, 'c')
      .andWhere('c.name_norm = :n', { n: normalizeName(name) })
      .orderBy('c.active', 'DESC')
      .addOrderBy('c.id', 'ASC')
      .getOne();
  }

  /** The form's owner; a deactivated owner's submissions go to the first active admin. */
  private async ownerOf(ws: Workspace, form: WebForm): Promise<User> {
    const db = this.uow.tenant(ws.id);
    const owner = await db.byId(User, form.ownerId);
    if (owner?.active) return owner;
    const admin = await db.findOne(User, { where: { role: 'admin', active: true }, order: { id: 'ASC' } });
    if (!admin) throw notFound('form');
    return admin;
  }

  private checkSubmission(form: WebForm, input: SubmissionInput): Record<string, string> {
    const problems: { field: string; message: string }[] = [];
    if (!input.company?.trim()) problems.push({ field: 'company', message: 'is required' });
    if (!input.name?.trim() && !input.email?.trim() && !input.phone?.trim()) problems.push({ field: 'email', message: 'a name, e-mail or phone is required' });
    const given = input.fields ?? {};
    const out: Record<string, string> = {};
    for (const k of Object.keys(given)) if (!form.fields.some((f) => f.key === k)) problems.push({ field: `fields.${k}`.slice(0, 100), message: 'unknown field' });
    for (const f of form.fields) {
      const v = given[f.key];
      if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
        if (f.required) problems.push({ field: `fields.${f.key}`, message: 'is required' });
      } else if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') problems.push({ field: `fields.${f.key}`, message: 'must be a text' });
      else if (String(v).length > MAX_FIELD_VALUE) problems.push({ field: `fields.${f.key}`, message: `at most ${MAX_FIELD_VALUE} characters` });
      else out[f.key] = String(v).trim();
    }
    if (problems.length) throw invalidFields(problems);
    return out;
  }

  private async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      throw new DomainError('rate_limited', 'too many submissions from this address; try again later', {}, Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
    }
  }
}

function assertAdmin(auth: UserContext): void {
  if (!isAdmin(auth)) throw forbidden('only admins manage website forms');
}

/** Extra fields of a form definition: `[{key, label, required?}]`. */
export function checkFields(fields: unknown): { fields: WebFormField[]; problems: { field: string; message: string }[] } {
  const problems: { field: string; message: string }[] = [];
  const out: WebFormField[] = [];
  if (!Array.isArray(fields) || fields.length > MAX_FORM_FIELDS) return { fields: out, problems: [{ field: 'fields', message: `must be a list of at most ${MAX_FORM_FIELDS} fields {key, label, required?}` }] };
  fields.forEach((f, i) => {
    const p = `fields[${i}]`;
    if (!isObject(f)) return problems.push({ field: p, message: 'must be an object {key, label, required?}' });
    for (const k of Object.keys(f)) if (!['key', 'label', 'required'].includes(k)) problems.push({ field: `${p}.${k}`, message: 'unknown field property' });
    if (typeof f.key !== 'string' || !KEY_RE.test(f.key)) problems.push({ field: `${p}.key`, message: 'must be 1-40 characters: a-z, 0-9 and _, starting with a letter' });
    else if (STANDARD_KEYS.has(f.key)) problems.push({ field: `${p}.key`, message: `"${f.key}" is a standard field of every form` });
    else if (out.some((x) => x.key === f.key)) problems.push({ field: `${p}.key`, message: `"${f.key}" appears twice` });
    const label = typeof f.label === 'string' ? f.label.trim() : '';
    if (!label || label.length > 100) problems.push({ field: `${p}.label`, message: 'must be a non-empty text of at most 100 characters' });
    if (f.required !== undefined && typeof f.required !== 'boolean') problems.push({ field: `${p}.required`, message: 'must be true or false' });
    out.push({ key: String(f.key), label, required: f.required === true });
  });
  return { fields: out, problems };
}
