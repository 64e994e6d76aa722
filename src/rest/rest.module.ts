import { Module } from '@nestjs/common';
import { AuthController } from './controllers/auth.controller';

/** The REST API /api/v1: controllers, DTOs and mapping only. */
@Module({ controllers: [AuthController] })
export class RestModule {}
