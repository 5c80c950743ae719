import type { Country, Currency } from '@fieldwork/contract';
import currencyCodes from 'currency-codes';
import isoCountries from 'i18n-iso-countries';

/*
 * Reference lists for organisation options. Which currencies and countries exist comes from
 * maintained ISO packages (currency-codes: ISO 4217; i18n-iso-countries: ISO 3166-1); symbols,
 * where they go, and English names come from the CLDR data built into Node (Intl).
 */

/** ISO 4217 codes that are funds, metals, units of account or test codes, not currencies. */
const NOT_CURRENCIES = new Set([
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

// Bidirectional marks CLDR puts around some symbols: invisible, and noise in a text field.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * Where the symbol goes, as the currency's home locale writes it: the locale is the likely one of
 * the region its code starts with (ISO 4217 codes begin with the country code: SEK → SE →
 * sv-SE → "1,00 kr"; EUR → EU → "€1.00"). Codes of no region fall back to English.
 */
function affixes(code: string): { prefix: string; suffix: string } {
  let locale = 'en';
  try {
    locale = new Intl.Locale('und', { region: code.slice(0, 2) }).maximize().baseName;
  } catch {
    /* not a region: English */
  }
  const format = (tag: string) =>
    new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
  let parts: Intl.NumberFormatPart[];
  try {
    parts = format(locale);
  } catch {
    parts = format('en');
  }
  const firstNumber = parts.findIndex((part) => part.type === 'integer');
  const lastNumber = parts.findLastIndex((part) => ['integer', 'fraction'].includes(part.type));
  const around = (from: number, to: number) =>
    parts
      .slice(from, to)
      .filter((part) => part.type === 'currency' || part.type === 'literal')
      .map((part) => part.value)
      .join('')
      .replace(BIDI_MARKS, '');
  const symbolAt = parts.findIndex((part) => part.type === 'currency');
  return symbolAt < firstNumber
    ? { prefix: around(0, firstNumber), suffix: '' }
    : { prefix: '', suffix: around(lastNumber + 1, parts.length) };
}

let currencies: Currency[] | undefined;
let currencyIndex: Map<string, Currency> | undefined;

/** Every ISO 4217 currency in circulation, by code. */
export function listCurrencies(): Currency[] {
  currencies ??= currencyCodes.data
    .filter((record) => !NOT_CURRENCIES.has(record.code))
    .map((record) => ({ code: record.code, name: record.currency, ...affixes(record.code) }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return currencies;
}

export function findCurrency(code: string): Currency | undefined {
  currencyIndex ??= new Map(listCurrencies().map((currency) => [currency.code, currency]));
  return currencyIndex.get(code);
}

let countries: Country[] | undefined;
let countryCodes: Set<string> | undefined;

/** ISO 3166-1 countries with their English names, by name. */
export function listCountries(): Country[] {
  if (!countries) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countries = Object.keys(isoCountries.getAlpha2Codes())
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return countries;
}

export function isCountry(code: string): boolean {
  countryCodes ??= new Set(listCountries().map((country) => country.code));
  return countryCodes.has(code);
}

let timezones: string[] | undefined;
let timezoneSet: Set<string> | undefined;

/** IANA time zones the runtime knows (Intl.supportedValuesOf), with UTC first. */
export function listTimezones(): string[] {
  timezones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return timezones;
}

export function isTimezone(zone: string): boolean {
  timezoneSet ??= new Set(listTimezones());
  return timezoneSet.has(zone);
}
