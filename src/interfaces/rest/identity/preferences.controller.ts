import { Body, Controller, HttpCode, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { UsersService } from '../../../domain/identity/users.service';
import { UpdatePreferencesDto } from './preferences.dto';
import { PreferencesResponse } from './me.schema';
import { effectiveLocale } from './me.mapper';

@ApiTags('Authentication')
@Controller('api/v1')
export class PreferencesController {
  constructor(private readonly users: UsersService) {}

  /** The caller's own settings: today the language the app speaks to them. */
  @Patch('me')
  @HttpCode(200)
  @ApiDoc({
    id: 'updateMe',
    summary: "Set the caller's language",
    description:
      "Sets the language the web app (and the caller's e-mails) use for the caller: `en` or `tr`; `null` follows the workspace's language. " +
      'GET /api/v1/me reports the effective language as `locale`. Changes only the caller; any REST credential that acts as the user.',
    ok: PreferencesResponse,
  })
  @Auth({ scope: 'crm.write' })
  async update(@CurrentAuth() auth: UserContext, @Body() dto: UpdatePreferencesDto) {
    await this.users.setLocale(auth.workspace.id, auth.user.id, dto.locale);
    return { ok: true as const, locale: effectiveLocale(dto.locale, auth.workspace.app.locale) };
  }
}
