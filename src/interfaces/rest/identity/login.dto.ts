import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'admin@demo.local' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  username: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password: string;

  @ApiPropertyOptional({ description: '6-digit code when two-factor authentication is on' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  otp?: string;

  @ApiPropertyOptional({ description: 'device name shown in the session list' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  device?: string;
}
