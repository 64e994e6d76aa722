import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { CompaniesService } from '../../../domain/crm/companies/companies.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { companyListQuery, CompanyListQueryDto, CreateCompanyDto, UpdateCompanyDto } from '../dto/companies.dto';
import { toCompanyList, toCompanyResponse } from '../mappers/company.mapper';

@ApiTags('Companies')
@Controller('api/v1')
export class CompaniesController {
  constructor(private readonly service: CompaniesService) {}

  @Get('companies')
  @Auth({ scope: 'crm.read', module: 'Customers' })
  async list(@CurrentAuth() auth: UserContext, @Query() q: CompanyListQueryDto) {
    return toCompanyList(await this.service.list(auth, companyListQuery(q)), auth.workspace);
  }

  @Post('companies')
  @Auth({ scope: 'crm.write', module: 'Customers' })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateCompanyDto) {
    return toCompanyResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get('companies/:id')
  @Auth({ scope: 'crm.read', module: 'Customers' })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toCompanyResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch('companies/:id')
  @Auth({ scope: 'crm.write', module: 'Customers' })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateCompanyDto) {
    return toCompanyResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  /** Archives the company (active = false). */
  @Delete('companies/:id')
  @Auth({ scope: 'crm.write', module: 'Customers' })
  async archive(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.archive(auth, id);
    return { ok: true as const };
  }
}
