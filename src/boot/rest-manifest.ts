/**
 * The later file of the script-tag build, as the first file knows it: its name (found next to
 * the first file) and its Subresource Integrity hash. The build writes both in (rollup.config.js);
 * in the npm build and the tests they are empty and unused (the later file is a dynamic import).
 */
export const REST_FILE: string = '';
export const REST_INTEGRITY: string = '';
