import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { QuickEntryConfig, QuickEntrySuggestionList } from './quick-entry.schema';
import { QuickEntryService } from '../../../domain/crm/quick-entry/quick-entry.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { QeConfigQueryDto, QeSuggestDto } from './quick-entry.dto';
import { toQuickEntryConfig, toQuickEntrySuggestions } from './quick-entry.mapper';

const read = { scope: 'crm.read', module: MODULES.activities } as const;

@ApiTags('Activities')
@Controller('api/v1/qe')
export class QuickEntryController {
  constructor(private readonly service: QuickEntryService) {}

  /** The Quick Entry form: blocks, conditions, templates and the one to open, and the lists it offers. */
  @Get('config')
  @ApiDoc({
    id: 'getQuickEntryConfig',
    summary: 'Get the Quick Entry configuration',
    description:
      "The Quick Entry form: its blocks, the conditions and templates, the template to open (`default_template`: by the caller's department, then the " +
      'conversation `type`, then the default), and the lists the form offers (topics, next actions, open stages, visit types, active users). ' +
      '`type` must be one of constants.visit_types (400 otherwise).',
    spec: '4.8',
    ok: QuickEntryConfig,
    errors: { 404: '`not_found`: the host names no workspace' },
  })
  @Auth(read)
  async config(@CurrentAuth() auth: UserContext, @Query() q: QeConfigQueryDto) {
    return toQuickEntryConfig(await this.service.config(auth, q.type));
  }

  /** Rule-based suggestions from a visit note (no outside calls). */
  @Post('suggest')
  @HttpCode(200)
  @ApiDoc({
    id: 'suggestQuickEntry',
    summary: 'Suggest Quick Entry values from a visit note',
    description:
      'Rule-based suggestions from a visit note (no outside calls, nothing is saved): products of the catalogue, price and payment terms, quantity ' +
      "(tonnes to kg), trial result, next steps and their dates, and — with `customer_id` — the company's people and open opportunities named in the note.",
    spec: '4.8',
    ok: QuickEntrySuggestionList,
    errors: { 404: '`not_found`: `customer_id` is no company the caller may see, or the host names no workspace' },
  })
  @Auth(read)
  async suggest(@CurrentAuth() auth: UserContext, @Body() dto: QeSuggestDto) {
    return toQuickEntrySuggestions(await this.service.suggest(auth, dto));
  }
}
