import { json } from 'express';
import type { CrmRequest } from './crm-request';

/** Where inbound hooks are posted (src/interfaces/rest/hooks/inbound-hooks.controller.ts). */
export const HOOKS_MOUNT = '/hooks';
/** A hook's payload: a form or an automation's record, far below the API's body limit. */
export const HOOK_BODY_LIMIT = 256 * 1024;

/**
 * The JSON parser of the inbound hooks: it keeps the exact bytes on `req.rawBody`, which a Standard
 * Webhooks signature is computed over (a re-serialized body would not match); other routes keep none.
 */
export function hookBody(apiLimit: number) {
  return json({
    limit: Math.min(apiLimit, HOOK_BODY_LIMIT),
    type: ['application/json', 'application/*+json'],
    verify: (req, _res, buf) => {
      (req as CrmRequest).rawBody = buf;
    },
  });
}
