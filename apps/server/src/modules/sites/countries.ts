import isoCountries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { isCountry, listCountries } from '../organisation-setup';

isoCountries.registerLocale(english);

/** Names people write for the United Kingdom that ISO lists do not carry. */
const UK_NATIONS = ['england', 'scotland', 'wales', 'northern ireland'];

let names: Map<string, string> | undefined;

/** A country's English name from the server's list; the code itself if the list lacks it. */
export function countryName(code: string): string {
  names ??= new Map(listCountries().map((country) => [country.code, country.name]));
  return names.get(code) ?? code;
}

/** An ISO code from a code ("gb") or an English name ("United Kingdom", "UK", "Wales"). */
export function findCountryCode(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (isCountry(text.toUpperCase())) return text.toUpperCase();
  const lower = text.toLowerCase();
  if (UK_NATIONS.includes(lower)) return 'GB';
  const byListName = listCountries().find((country) => country.name.toLowerCase() === lower);
  if (byListName) return byListName.code;
  const code = isoCountries.getAlpha2Code(text, 'en');
  return code && isCountry(code) ? code : null;
}

export { isCountry };
