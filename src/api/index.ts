export * from './client.js';
export * from './errors.js';
export * as schemas from '../schemas/service.js';
export type * from '../schemas/service.js';
