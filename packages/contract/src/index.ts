export * from './enums';
export * from './errors';
export * from './list-query';
export * from './ids';
export * from './common';
export * from './identity';
export * from './clients';
export * from './people';
