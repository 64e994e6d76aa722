import { linkBase } from '../../../src/domain/workspace/link-base';
import { loadConfig } from '../../../src/platform/config/app-config';

const plain = { baseDomain: 'crm.example.com', defaultWorkspace: 'main', publicScheme: 'https' as const, publicPort: 443 };

describe('linkBase (every URL the service hands out: configuration only)', () => {
  it.each([
    // PUBLIC_URL first: as it is for the default workspace, its scheme and port on the slug's host for another
    [{ ...plain, publicUrl: 'https://crm.example.com/' }, 'main', 'https://crm.example.com'],
    [{ ...plain, publicUrl: 'https://crm.example.com' }, 'acme', 'https://acme.crm.example.com'],
    [{ ...plain, publicUrl: 'http://localhost:8080' }, 'acme', 'http://acme.crm.example.com:8080'],
    // else BASE_DOMAIN (bare for the default workspace) with PUBLIC_SCHEME and PUBLIC_PORT
    [plain, 'main', 'https://crm.example.com'],
    [plain, 'acme', 'https://acme.crm.example.com'],
    [{ ...plain, publicPort: 8443 }, 'acme', 'https://acme.crm.example.com:8443'],
    [{ ...plain, publicScheme: 'http' as const, publicPort: 80 }, 'acme', 'http://acme.crm.example.com'],
    [{ ...plain, baseDomain: 'localhost', publicScheme: 'http' as const, publicPort: 3000 }, 'main', 'http://localhost:3000'],
  ])('%j %s -> %s', (settings, slug, expected) => {
    expect(linkBase(settings, slug)).toBe(expected);
  });
});

describe('PUBLIC_SCHEME and PUBLIC_PORT', () => {
  const origin = (env: NodeJS.ProcessEnv) => {
    const c = loadConfig(env);
    return [c.publicScheme, c.publicPort];
  };

  it('default to http on PORT for BASE_DOMAIN localhost, https on 443 for any other domain', () => {
    expect(origin({})).toEqual(['http', 3000]);
    expect(origin({ PORT: '8080' })).toEqual(['http', 8080]);
    expect(origin({ BASE_DOMAIN: 'crm.example.com', PORT: '8080' })).toEqual(['https', 443]);
    expect(origin({ BASE_DOMAIN: 'crm.example.com', PUBLIC_SCHEME: 'http' })).toEqual(['http', 80]);
    expect(origin({ BASE_DOMAIN: 'crm.example.com', PUBLIC_SCHEME: 'HTTPS', PUBLIC_PORT: '8443' })).toEqual(['https', 8443]);
  });

  it('are refused when bad or beside PUBLIC_URL (whose scheme and port count)', () => {
    expect(() => loadConfig({ PUBLIC_SCHEME: 'ftp' })).toThrow(/PUBLIC_SCHEME/);
    expect(() => loadConfig({ PUBLIC_PORT: '0' })).toThrow(/PUBLIC_PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://crm.example.com', PUBLIC_PORT: '8443' })).toThrow(/PUBLIC_SCHEME and PUBLIC_PORT/);
  });
});
