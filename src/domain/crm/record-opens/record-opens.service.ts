import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { RecordOpen } from './record-open.entity';

export type OpenableType = 'company' | 'person' | 'opportunity' | 'lead';

/** Tracks which records a user opened, for Today's `recent`. */
@Injectable()
export class RecordOpensService {
  constructor(private readonly uow: UnitOfWork) {}

  async touch(auth: UserContext, recordType: OpenableType, recordId: number): Promise<void> {
    await this.uow.run(() =>
      this.uow.tenant(auth.workspace.id).upsert(RecordOpen, { userId: auth.user.id, recordType, recordId, openedAt: new Date() }, ['workspaceId', 'userId', 'recordType', 'recordId']),
    );
  }

  /** The user's most recently opened record ids of one type, newest first. */
  async recent(auth: UserContext, recordType: OpenableType, limit = 10): Promise<number[]> {
    const rows = await this.uow.tenant(auth.workspace.id).find(RecordOpen, {
      where: { userId: auth.user.id, recordType },
      order: { openedAt: 'DESC' },
      take: limit,
    });
    return rows.map((r) => r.recordId);
  }
}
