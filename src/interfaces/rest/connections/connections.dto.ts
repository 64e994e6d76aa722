import { Injectable, PipeTransform } from '@nestjs/common';
import { notFound } from '../../../platform/common/errors';
import { CONNECTION_CONSOLE_KINDS, ConsoleKind } from '../../../domain/crm/connections';

/** The `{kind}` of a console path: an unknown kind is a path that names nothing (404). */
@Injectable()
export class ConsoleKindPipe implements PipeTransform<string, ConsoleKind> {
  transform(value: string): ConsoleKind {
    if (!(CONNECTION_CONSOLE_KINDS as readonly string[]).includes(value)) throw notFound('connection');
    return value as ConsoleKind;
  }
}
