import { linkBase } from '../../src/domain/workspace/link-base';

const plain = { baseDomain: 'crm.example.com', defaultWorkspace: 'main', port: 3000 };

describe('linkBase (record URLs, issue 20)', () => {
  it.each([
    // PUBLIC_URL first: as it is for the default workspace, its scheme and port on the slug's host for another
    [{ ...plain, publicUrl: 'https://crm.example.com/' }, 'main', 'http://127.0.0.1:3000', 'https://crm.example.com'],
    [{ ...plain, publicUrl: 'https://crm.example.com' }, 'acme', 'http://acme.crm.example.com:3000', 'https://acme.crm.example.com'],
    [{ ...plain, publicUrl: 'http://localhost:8080' }, 'acme', undefined, 'http://acme.crm.example.com:8080'],
    // then the request that raised it
    [plain, 'main', 'http://127.0.0.1:41234', 'http://127.0.0.1:41234'],
    [plain, 'acme', 'https://acme.crm.example.com', 'https://acme.crm.example.com'],
    // then, with neither, localhost or the slug's host on PORT over http
    [plain, 'main', undefined, 'http://localhost:3000'],
    [plain, 'acme', undefined, 'http://acme.crm.example.com:3000'],
    [{ ...plain, port: 80 }, 'acme', undefined, 'http://acme.crm.example.com'],
  ])('%j %s (request %s) -> %s', (settings, slug, requestBase, expected) => {
    expect(linkBase(settings, slug, requestBase)).toBe(expected);
  });
});
