import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors';
import { Workspace } from '../../workspace/workspace.entity';
import { WorkspaceService } from '../../workspace/workspace.service';
import type { UserContext } from '../auth/auth-context';
import { CredentialsService } from '../credentials.service';
import { LoginService } from '../login.service';
import { User } from '../user.entity';

export interface SignInPage {
  kind: 'page';
  username: string;
  otp: boolean;
  error?: string;
  returnTo: string;
}

export type SignInOutcome = SignInPage | { kind: 'signed_in'; sessionToken: string; returnTo: string };

/** A return path after sign-in: only this server's authorization endpoint (no open redirect). */
export function safeReturnTo(raw: unknown): string {
  return typeof raw === 'string' && /^\/oauth\/authorize(\?[^\s\\]*)?$/.test(raw) ? raw : '/oauth/authorize';
}

/**
 * The browser side of the authorization server and the settings pages: the sign-in session (a session
 * credential `xk_` in an HttpOnly cookie, so it is revoked, expires and stops with a deactivation like
 * every session). CSRF is checked at the HTTP edge (src/common/http/page-csrf.ts), which tells signIn
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
    return { kind: 'page', username: '', otp: false, returnTo: safeReturnTo(returnTo) };
  }

  /**
   * POST of the sign-in form: password, then (when on) the 6-digit code; the login limits apply.
   * `formTrusted`: the CSRF token and origin checks held. `device` names the session in the sessions list.
   */
  async signIn(ws: Workspace, form: Record<string, unknown>, formTrusted: boolean, ip: string | undefined, device: string): Promise<SignInOutcome> {
    const returnTo = safeReturnTo(form.return_to);
    const username = typeof form.username === 'string' ? form.username.slice(0, 254) : '';
    const page = (error: string, otp = false): SignInPage => ({ kind: 'page', username, otp, error, returnTo });
    if (!formTrusted) return page('The form expired. Please sign in again.');
    const password = typeof form.password === 'string' ? form.password.slice(0, 1000) : '';
    const otp = typeof form.otp === 'string' && form.otp.trim() ? form.otp.trim().slice(0, 10) : undefined;
    if (!username || !password) return page('Enter your username and password.');
    try {
      const { token } = await this.login.login(ws, { username, password, otp, device }, ip);
      return { kind: 'signed_in', sessionToken: token, returnTo };
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      if (e.code === 'otp_required') return page('Enter the 6-digit code of your authenticator app.', true);
      if (e.code === 'rate_limited') return page('Too many attempts. Please wait and try again.', !!otp);
      if (e.code === 'inactive') return page('This user is deactivated.');
      if (e.code === 'license_blocked') return page('The licence of this workspace is blocked.');
      return page(otp ? 'Invalid username, password or code.' : 'Invalid username or password.', !!otp);
    }
  }
}
