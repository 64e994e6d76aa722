import { csvRecords, refusals } from './refused-csv';

/** The refused-rows file read back for the screen: quoted cells, several problems on a row, a problem with no column. */
describe('refused rows file', () => {
  it('reads quoted cells, doubled quotes, CR LF and a BOM', () => {
    expect(csvRecords('\ufeffa,b\r\n"x, ""y""","line\nbreak"\r\n')).toEqual([
      ['a', 'b'],
      ['x, "y"', 'line\nbreak'],
    ]);
  });

  it('splits the error column into row, column, value, message and code', () => {
    const text = '\ufeffFirma Adı,Durum,error\r\nGüneş,nonsense,"row 3: Durum: must be one of Prospect, Customer (unknown_value)"\r\nÇağdaş,,"row 4: Firma Adı: same as row 2 (duplicate_in_file); a record exists (exists)"\r\n';
    expect(refusals(text)).toEqual([
      { row: 3, column: 'Durum', value: 'nonsense', message: 'must be one of Prospect, Customer', code: 'unknown_value' },
      { row: 4, column: 'Firma Adı', value: 'Çağdaş', message: 'same as row 2', code: 'duplicate_in_file' },
      { row: 4, column: '', value: '', message: 'a record exists', code: 'exists' },
    ]);
    expect(refusals('')).toEqual([]);
  });
});
