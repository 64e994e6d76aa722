import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { ProductsService } from '../../../domain/crm/products/products.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreateProductDto, ProductListQueryDto, UpdateProductDto } from '../dto/products.dto';
import { toProduct } from '../mappers/product.mapper';


@ApiTags('Workspace')
@Controller('api/v1')
export class ProductsController {
  constructor(private readonly service: ProductsService) {}

  @Get('products')
  @Auth({ scope: 'crm.read' })
  async list(@CurrentAuth() auth: UserContext, @Query() q: ProductListQueryDto) {
    return { ok: true, items: (await this.service.list(auth, q.all ?? false)).map((p) => toProduct(p, auth.workspace)) };
  }

  @Get('products/:id')
  @Auth({ scope: 'crm.read' })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, product: toProduct(await this.service.get(auth, id), auth.workspace) };
  }

  @Post('products')
  @Auth({ scope: 'crm.write', firstParty: true })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateProductDto) {
    return { ok: true, product: toProduct(await this.service.create(auth, dto), auth.workspace) };
  }

  @Patch('products/:id')
  @Auth({ scope: 'crm.write', firstParty: true })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateProductDto) {
    return { ok: true, product: toProduct(await this.service.update(auth, id, dto), auth.workspace) };
  }
}
