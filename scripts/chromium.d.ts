// Types of scripts/chromium.js, for the TypeScript scripts that import it.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
