import iconv from 'iconv-lite';
import { deflateRawSync } from 'node:zlib';
import { detectDelimiter, detectEncoding, detectFormat, checkUnpacked, checkZip, cellText } from '../../../src/domain/crm/imports/import-file';
import { suggestFields, readFields } from '../../../src/domain/crm/imports/import-targets';
import { domainOf, fold, matchConstant, parseBool, parseDate, parseNumber } from '../../../src/domain/crm/imports/import-values';

describe('import file detection', () => {
  it.each([
    [Buffer.from('\ufeffname\nÇağ\n', 'utf8'), 'utf-8'],
    [Buffer.from('name\nÇağ\n', 'utf8'), 'utf-8'],
    [Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('name\nÇağ\n', 'utf-16le')]), 'utf-16le'],
    [Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('name\nÇağ\n', 'utf-16be')]), 'utf-16be'],
    [iconv.encode('name\nname without bom\n', 'utf-16le'), 'utf-16le'],
    [iconv.encode('Firma\nÇağdaş Şişe\n', 'windows-1254'), 'windows-1254'],
    [iconv.encode('Firma\nCafé Müller\n', 'windows-1252'), 'windows-1252'],
  ])('encoding %#', (buf, enc) => expect(detectEncoding(buf)).toBe(enc));

  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n1;2,5;3\n', ';'],
    ['a\tb\n1\t2\n', '\t'],
    ['"x;y",b,c\n"1;2",2,3\n', ','],
    ['a;b\n"multi\nline";2\n', ';'],
  ])('delimiter of %j', (text, d) => expect(detectDelimiter(text)).toBe(d));

  it('tells XLSX from CSV by its bytes, refusing a disguised file', () => {
    expect(detectFormat(Buffer.from('PK\x03\x04rest'), 'a.csv')).toBe('xlsx');
    expect(detectFormat(Buffer.from('a,b'), 'a.csv')).toBe('csv');
    expect(() => detectFormat(Buffer.from('a,b'), 'a.xlsx')).toThrow('not an XLSX');
    expect(() => checkZip(Buffer.from('PK\x03\x04 no central directory'))).toThrow('not a readable XLSX');
  });

  it('refuses a zip whose directory says it unpacks to far more than its size, before inflating anything', () => {
    const zip = (unpacked: number) => {
      const name = Buffer.from('xl/worksheets/sheet1.xml');
      const local = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(26), name, Buffer.alloc(1000)]);
      const cd = Buffer.alloc(46);
      cd.writeUInt32LE(0x02014b50, 0);
      cd.writeUInt32LE(1000, 20);
      cd.writeUInt32LE(unpacked, 24);
      cd.writeUInt16LE(name.length, 28);
      const eocd = Buffer.alloc(22);
      eocd.writeUInt32LE(0x06054b50, 0);
      eocd.writeUInt16LE(1, 8);
      eocd.writeUInt16LE(1, 10);
      eocd.writeUInt32LE(cd.length + name.length, 12);
      eocd.writeUInt32LE(local.length, 16);
      return Buffer.concat([local, cd, name, eocd]);
    };
    expect(() => checkZip(zip(100_000))).not.toThrow();
    expect(() => checkZip(zip(600 * 1024 * 1024))).toThrow('zip bomb');
    expect(() => checkZip(zip(0xffffffff))).toThrow('ZIP64');
  });

  it('inflates every entry once, counting, when the directory lies about the sizes', async () => {
    const name = Buffer.from('xl/sharedStrings.xml');
    const data = deflateRawSync(Buffer.alloc(40 * 1024 * 1024));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(100, 24); // the lie
    cd.writeUInt16LE(name.length, 28);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(1, 8);
    eocd.writeUInt16LE(1, 10);
    eocd.writeUInt32LE(46 + name.length, 12);
    eocd.writeUInt32LE(30 + name.length + data.length, 16);
    const zip = Buffer.concat([local, name, data, cd, name, eocd]);
    const entries = checkZip(zip);
    await expect(checkUnpacked(zip, entries)).rejects.toThrow('zip bomb');
  });

  it('reads a cell by its value, a formula by its stored result', () => {
    expect(cellText({ formula: 'A1*2', result: 4 })).toBe('4');
    expect(cellText(new Date(Date.UTC(2026, 11, 31)))).toBe('2026-12-31');
    expect(cellText({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(cellText(null)).toBe('');
  });
});

describe('import values', () => {
  it.each([
    ['31.12.2026', '2026-12-31'],
    ['2026-12-31', '2026-12-31'],
    ['1/2/2026', '2026-02-01'],
    ['31.12.26', '2026-12-31'],
    ['46387', '2026-12-31'],
    ['31.02.2026', null],
    ['tomorrow', null],
  ])('date %s', (s, d) => expect(parseDate(s)).toBe(d));

  it.each([
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    ['1234,5', 1234.5],
    ['12.5', 12.5],
    ['1.234.567', 1234567],
    ['1,234', 1234],
    ['1.234', 1234],
    ['₺ 1.000', 1000],
    ['-3', -3],
    ['1,2,3', null],
    ['abc', null],
  ])('number %s', (s, n) => expect(parseNumber(s)).toBe(n));

  it('reads yes / no, folds Turkish letters, finds a constant by key or label', () => {
    expect([parseBool('Evet'), parseBool('hayır'), parseBool('x'), parseBool('maybe')]).toEqual([true, false, true, null]);
    expect(fold('İl / Şehir')).toBe('ilsehir');
    expect(matchConstant('müşteri', ['Prospect', 'Customer'], [{}, { Customer: 'Müşteri' }])).toBe('Customer');
    expect(matchConstant('prospect', ['Prospect', 'Customer'], [])).toBe('Prospect');
    expect(matchConstant('Hot', ['Prospect'], [])).toBeNull();
    expect(domainOf('https://www.Acme.example/tr?x=1')).toBe('acme.example');
    expect(domainOf('ali@acme.example')).toBe('acme.example');
  });

  it('suggests fields by header in English and Turkish, each once', () => {
    expect(suggestFields(['Firma Adı', 'E-posta', 'Vergi No', 'name', 'Something'], 'companies')).toEqual(['name', 'email', 'tax_no', null, null]);
    expect(suggestFields(['Ad Soyad', 'Şirket', 'Ünvan', 'Cep Telefonu'], 'people')).toEqual(['name', 'company', 'title', 'wa']);
    for (const h of ['external_id', 'External ID', 'externalId', 'Harici kimlik', 'Dış Anahtar', 'Source ID']) expect([h, suggestFields([h], 'opportunities')]).toEqual([h, ['external_id']]);
  });

  it('reads a row: blanks left out, errors name the column and the allowed values', () => {
    const constants = { keys: () => ['Prospect', 'Customer'], labels: () => [] };
    const r = readFields('companies', ['name', 'status', 'potential_kg', 'city'], ['Firma', 'Durum', 'Pot', 'Şehir'], ['Acme', 'Hot', '1.234,5', ''], constants);
    expect(r.values).toEqual({ name: 'Acme', potential_kg: 1234.5 });
    expect(r.errors).toEqual([{ column: 'Durum', value: 'Hot', code: 'unknown_value', message: 'must be one of Prospect, Customer' }]);
  });
});
