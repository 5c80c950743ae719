export * from './enums';
export * from './errors';
export * from './list-query';
export * from './common';
export * from './identity';
export * from './clients';
