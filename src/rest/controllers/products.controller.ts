import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ProductsService } from '../../crm/products/products.service';

@ApiTags('Workspace')
@Controller('api/v1')
export class ProductsController {
  constructor(private readonly service: ProductsService) {}
}
