import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import type { UserContext } from './auth-context';
import { askRefusal } from './ask-access';
import { Profile, ProfileService } from './profile.service';
import { User } from './user.entity';

export interface MeProduct {
  id: number;
  code: string;
  name: string;
  list_price: number;
}

/** The caller's mailbox row (none: not connected); the interface shapes it (spec 2.4). */
export interface MeMailbox {
  connected: boolean;
  email: string;
  error: string;
  signature: string;
  status: string;
}

export interface MeView extends Profile {
  /** Active users of the workspace (summaries only). */
  users: User[];
  products: MeProduct[];
  mailbox: MeMailbox | null;
  /** Ask is available: a language model is configured and the caller has the Ask module. */
  ai: boolean;
}

const SQL = `
SELECT
  (SELECT coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'full_name', u.full_name, 'role', u.role) ORDER BY u.full_name, u.id), '[]'::json)
     FROM users u WHERE u.workspace_id = $1 AND u.active = true) AS users,
  (SELECT coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'list_price', p.list_price) ORDER BY p.name, p.id), '[]'::json)
     FROM products p WHERE p.workspace_id = $1 AND p.active = true) AS products,
  (SELECT json_build_object('connected', m.connected, 'email', m.email, 'error', m.error, 'signature', m.signature, 'status', m.status)
     FROM mailboxes m WHERE m.workspace_id = $1 AND m.user_id = $2) AS mailbox`;

/**
 * The `GET /me` read model: the caller and workspace from the auth context (ProfileService), the
 * workspace's active users and products and the caller's mailbox in one round trip. Products and
 * mailboxes are CRM tables, read here by name (identity sits below the CRM and imports none of its code).
 */
@Injectable()
export class MeQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly profile: ProfileService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async me(auth: UserContext): Promise<MeView> {
    const [row] = await this.uow.tenant(auth.workspace.id).sql<{
      users: { id: number; username: string; full_name: string; role: User['role'] }[];
      products: { id: number; code: string; name: string; list_price: number | string }[];
      mailbox: MeMailbox | null;
    }>(SQL, [auth.user.id]);
    const users = row.users.map((u) => Object.assign(new User(), { id: u.id, username: u.username, fullName: u.full_name, role: u.role }));
    const products = row.products.map((p) => ({ id: p.id, code: p.code, name: p.name, list_price: Number(p.list_price) }));
    const profile = this.profile.of(auth);
    return { ...profile, users, products, mailbox: row.mailbox, ai: askRefusal(this.config.ask, profile.modules) === null };
  }
}
