import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth.decorator';

/** The icon of every page: rising bars on the pages' blue. Static SVG, no script, no external reference. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2a4fb0"/>' +
  '<path d="M9 23v-6M16 23V13M23 23V8" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>';

/**
 * /favicon.svg (linked from the pages' layout) and /favicon.ico (what browsers and tools ask for without a
 * link): the same SVG, the same for every host, so outside the workspace middleware like /health.
 */
@ApiExcludeController()
@Controller()
export class FaviconController {
  @Get(['favicon.svg', 'favicon.ico'])
  @Public()
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=86400')
  icon(): string {
    return FAVICON_SVG;
  }
}
