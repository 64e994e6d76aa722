import Holidays from 'date-holidays';

let countries: Set<string> | null = null;

/** Whether `code` is a country the `date-holidays` package knows (ISO 3166-1 alpha-2, upper case). */
export function isKnownCountry(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{2}$/.test(code)) return false;
  countries ??= new Set(Object.keys(new Holidays().getCountries() ?? {}));
  return countries.has(code);
}
