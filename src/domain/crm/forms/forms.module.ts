import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { FormsService } from './forms.service';

@Module({ imports: [CompaniesModule], providers: [FormsService], exports: [FormsService] })
export class FormsModule {}
