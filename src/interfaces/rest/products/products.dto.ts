import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { QueryBool, NullClears } from '../shared/fields';
import { IsBoolean, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class CreateProductDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(50) code: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) name: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1e11) list_price?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(3) currency?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(16) unit?: string;
  @ApiPropertyOptional({ description: "the product's id in the ERP" }) @IsOptional() @IsString() @MaxLength(100) ext_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
}

@NullClears()
export class UpdateProductDto extends PartialType(CreateProductDto) {}

export class ProductListQueryDto {
  /** also list inactive products */
  @QueryBool()
  all?: boolean;
}
