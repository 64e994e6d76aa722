import { Client } from 'pg';

export interface NotifyHandlers {
  /** A notification on the channel, with its payload. */
  message(payload: string): void;
  /** The connection failed or ended after start(). */
  lost(why: string): void;
}

/**
 * A connection of its own to a PostgreSQL server that LISTENs on one channel (NOTIFY between
 * processes; the embedded database has no second session). Sending is `UnitOfWork.notify()`.
 */
export class NotifyListener {
  private readonly client: Client;

  constructor(
    url: string,
    private readonly channel: string,
  ) {
    this.client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  }

  /** Connects and listens; rejects when either fails. */
  async start(on: NotifyHandlers): Promise<void> {
    this.client.on('error', (e) => on.lost(e.message));
    this.client.on('end', () => on.lost('connection ended'));
    this.client.on('notification', (n) => {
      if (n.channel === this.channel && n.payload) on.message(n.payload);
    });
    await this.client.connect();
    await this.client.query(`LISTEN ${this.channel}`);
  }

  close(): Promise<void> {
    return this.client.end().catch(() => undefined);
  }
}
