// The organisation-setup module's public face: options, preboarding, images and reference data.
export { organisationSetupRoutes } from './routes';
export { presentImage, presentOptions, readSettings, type StoredImageRecord } from './options';
export { presentPreboarding } from './preboarding';
export { isCountry, listCountries } from './reference-data';
export { updateOptions } from './service';
