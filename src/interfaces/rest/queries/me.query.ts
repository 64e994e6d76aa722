import { Injectable } from '@nestjs/common';
import type { UserContext } from '../../../domain/identity/auth-context';
import { Profile, ProfileService } from '../../../domain/identity/profile.service';
import { User } from '../../../domain/identity/user.entity';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { MailboxView, toMailboxView } from '../../../domain/crm/email/mailbox.service';
import type { Mailbox } from '../../../domain/crm/email/mailbox.entity';

export interface MeProduct {
  id: number;
  code: string;
  name: string;
  list_price: number;
}

export interface MeView extends Profile {
  /** Active users of the workspace (summaries only). */
  users: User[];
  products: MeProduct[];
  /** The caller's mailbox connection state (spec 2.4). */
  mailbox: MailboxView;
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
 * The `GET /me` read model, assembled at the interface edge: the caller and workspace from the auth
 * context (identity), the workspace's active users and products in one round trip.
 */
@Injectable()
export class MeQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly profile: ProfileService,
  ) {}

  async me(auth: UserContext): Promise<MeView> {
    const [row] = (await this.uow.manager.query(SQL, [auth.workspace.id, auth.user.id])) as {
      users: { id: number; username: string; full_name: string; role: User['role'] }[];
      products: { id: number; code: string; name: string; list_price: number | string }[];
      mailbox: Pick<Mailbox, 'connected' | 'email' | 'error' | 'signature' | 'status'> | null;
    }[];
    const users = row.users.map((u) => Object.assign(new User(), { id: u.id, username: u.username, fullName: u.full_name, role: u.role }));
    const products = row.products.map((p) => ({ id: p.id, code: p.code, name: p.name, list_price: Number(p.list_price) }));
    return { ...this.profile.of(auth), users, products, mailbox: toMailboxView(row.mailbox) };
  }
}
