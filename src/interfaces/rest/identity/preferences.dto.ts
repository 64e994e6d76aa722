import { ApiProperty } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';
import { USER_LOCALES, type UserLocale } from '../../../domain/identity/users.service';

export class UpdatePreferencesDto {
  @ApiProperty({ enum: USER_LOCALES, nullable: true, description: "the language of the caller's app and e-mails; null: the workspace's language" })
  @ValidateIf((_o, v) => v !== null)
  @IsIn(USER_LOCALES as readonly string[])
  locale: UserLocale | null;
}
