import { formatTimestamp } from '../../../platform/common/time';
import type { FormView } from '../../../domain/crm/forms/forms.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { toUserSummary } from '../../../domain/identity/user.view';
import type { z } from 'zod';
import type { WebForm, WebFormList, WebFormResponse, WebFormSubmitResponse } from './form.schema';

export function toWebForm(v: FormView, ws: Workspace): z.output<typeof WebForm> {
  const f = v.form;
  return {
    id: f.id,
    name: f.name,
    public_key: f.publicKey,
    submit_path: `/api/v1/forms/${f.publicKey}/submit`,
    owner: v.owner ? toUserSummary(v.owner, ws.app.locale) : null,
    fields: f.fields.map((x) => ({ key: x.key, label: x.label, required: x.required })),
    active: f.active,
    submissions: f.submissions,
    last_submitted_at: formatTimestamp(f.lastSubmittedAt, ws.timezone),
    created_at: formatTimestamp(f.createdAt, ws.timezone),
    updated_at: formatTimestamp(f.updatedAt, ws.timezone),
  };
}

export const toWebFormResponse = (v: FormView, ws: Workspace): z.output<typeof WebFormResponse> => ({ ok: true as const, form: toWebForm(v, ws) });
export const toWebFormList = (views: FormView[], ws: Workspace): z.output<typeof WebFormList> => ({ ok: true as const, items: views.map((v) => toWebForm(v, ws)) });
/** The same answer for every accepted submission (a honeypot one included). */
export const SUBMITTED: z.output<typeof WebFormSubmitResponse> = { ok: true as const, message: 'Thank you, we will be in touch.' };
