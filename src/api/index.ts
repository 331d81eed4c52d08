export * from './client.js';
export * from './errors.js';
export * as schemas from './schemas.js';
export type * from './schemas.js';
