import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class AcceptInvitationDto {
  @ApiProperty({ description: 'token of the invitation link (inv_…)', example: 'inv_…' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  token: string;

  @ApiProperty({ description: 'the new password: at least 8 characters and not weak (common, containing the user name, or under 12 characters with fewer than three character classes)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password: string;
}
