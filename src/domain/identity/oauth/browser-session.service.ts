import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { Workspace } from '../../workspace/workspace.entity';
import { WorkspaceService } from '../../workspace/workspace.service';
import type { UserContext } from '../auth-context';
import { CredentialsService } from '../credentials.service';
import { LoginService } from '../login.service';
import { User } from '../user.entity';

export interface SignInPage {
  kind: 'page';
  username: string;
  /** Set on the code step: the page asks for the 6-digit code only and carries this proof of the password step. */
  pending?: string;
  error?: string;
  returnTo: string;
}

export type SignInOutcome = SignInPage | { kind: 'signed_in'; sessionToken: string; expiresAt: Date; returnTo: string };

/** A return path after sign-in: only this server's authorization endpoint (no open redirect). */
export function safeReturnTo(raw: unknown): string {
  return typeof raw === 'string' && /^\/oauth\/authorize(\?[^\s\\]*)?$/.test(raw) ? raw : '/oauth/authorize';
}

/**
 * The browser side of the authorization server and the settings pages: the sign-in session (a session
 * credential `xk_` in an HttpOnly cookie, so it is revoked, expires and stops with a deactivation like
 * every session). CSRF is checked at the HTTP edge (src/edge/page-csrf.ts), which tells signIn
 * whether the form's token held.
 */
@Injectable()
export class BrowserSessionService {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly login: LoginService,
    private readonly workspaces: WorkspaceService,
  ) {}

  /** The signed-in user of a session cookie, or null. */
  async user(ws: Workspace, sessionToken: string | undefined): Promise<User | null> {
    if (!sessionToken) return null;
    const resolved = await this.credentials.resolve(ws, sessionToken);
    if (!resolved || resolved.credential.kind !== 'session' || !resolved.user) return null;
    return resolved.user;
  }

  /** The caller context of a browser session cookie (as the credential guard builds it for a bearer), or null. */
  async context(ws: Workspace, sessionToken: string | undefined): Promise<UserContext | null> {
    if (!sessionToken) return null;
    const resolved = await this.credentials.resolve(ws, sessionToken);
    if (!resolved || resolved.credential.kind !== 'session' || !resolved.user) return null;
    const { credential, user, teamIds } = resolved;
    const modules = this.workspaces.licensedModules(ws).filter((m) => user.modules.includes(m));
    return { workspace: ws, user, credential: { id: credential.id, kind: credential.kind, scopes: credential.scopes }, modules, teamIds };
  }

  signInPage(returnTo: unknown): SignInPage {
    return { kind: 'page', username: '', returnTo: safeReturnTo(returnTo) };
  }

  /**
   * POST of the sign-in form: the password step, then (when two-factor is on) the code step, which carries
   * the sealed proof of the password step instead of the password; the login limits apply to both.
   * `formTrusted`: the CSRF token and origin checks held. `device` names the session in the sessions list.
   */
  async signIn(ws: Workspace, form: Record<string, unknown>, formTrusted: boolean, ip: string | undefined, device: string): Promise<SignInOutcome> {
    const returnTo = safeReturnTo(form.return_to);
    const username = typeof form.username === 'string' ? form.username.slice(0, 254) : '';
    const page = (error: string): SignInPage => ({ kind: 'page', username, error, returnTo });
    if (!formTrusted) return page('The form expired. Please sign in again.');
    const otp = typeof form.otp === 'string' && form.otp.trim() ? form.otp.trim().slice(0, 10) : undefined;
    if (typeof form.pending === 'string' && form.pending) return this.codeStep(ws, form.pending.slice(0, 2000), username, otp, returnTo, ip, device);
    const password = typeof form.password === 'string' ? form.password.slice(0, 1000) : '';
    if (!username || !password) return page('Enter your username and password.');
    try {
      const r = await this.login.signInWithPassword(ws, { username, password, otp, device }, ip);
      if ('pending' in r) return { kind: 'page', username, pending: r.pending, returnTo };
      return { kind: 'signed_in', sessionToken: r.token, expiresAt: r.expiresAt, returnTo };
    } catch (e) {
      const known = refusal(e);
      if (known) return page(known);
      return page(otp ? 'Invalid username, password or code.' : 'Invalid username or password.');
    }
  }

  /** `username` comes back from the form for display only; the proof names the user. */
  private async codeStep(ws: Workspace, pending: string, username: string, otp: string | undefined, returnTo: string, ip: string | undefined, device: string): Promise<SignInOutcome> {
    const again = (error?: string): SignInPage => ({ kind: 'page', username, pending, error, returnTo });
    if (!otp) return again();
    try {
      const r = await this.login.signInWithCode(ws, { pending, otp, device }, ip);
      if (!r) return { kind: 'page', username, error: 'The sign-in took too long. Please sign in again.', returnTo };
      return { kind: 'signed_in', sessionToken: r.token, expiresAt: r.expiresAt, returnTo };
    } catch (e) {
      const known = refusal(e);
      if (e instanceof DomainError && e.code === 'rate_limited') return again(known!);
      if (known) return { kind: 'page', username, error: known, returnTo };
      return again('Invalid code. Please try again.');
    }
  }
}

/** The page's words for a refusal that is not a wrong password or code (rethrows anything else). */
function refusal(e: unknown): string | null {
  if (!(e instanceof DomainError)) throw e;
  if (e.code === 'rate_limited') return 'Too many attempts. Please wait and try again.';
  if (e.code === 'inactive') return 'This user is deactivated.';
  if (e.code === 'license_blocked') return 'The licence of this workspace is blocked.';
  return null;
}
