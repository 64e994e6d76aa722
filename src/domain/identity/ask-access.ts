import type { AskConfig } from '../../platform/config/app-config';
import { MODULES } from '../workspace/defaults';

/** Whether a language model is configured for Ask (ASK_LLM_URL and ASK_LLM_MODEL). */
export const askConfigured = (config: AskConfig): boolean => !!(config.url && config.model);

/**
 * Why the caller may not ask (spec 2.4 `ai`), or null: no model configured, or the Ask module
 * off in the licence or for the user (`modules` is licence ∩ user). `GET /me` answers `ai` from it and
 * `POST /ask` refuses with 403 `module` and this message.
 */
export function askRefusal(config: AskConfig, modules: string[]): string | null {
  if (!askConfigured(config)) return 'Ask is not available: no language model is configured on this server (ASK_LLM_URL, ASK_LLM_MODEL)';
  if (!modules.includes(MODULES.ask)) return `Ask is not available: the ${MODULES.ask} module is off in the licence or for this user`;
  return null;
}
