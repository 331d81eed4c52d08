// Types of scripts/docs-from-manifest.js, for the Node test that imports it.
export declare const REFERENCE: string;
export declare function elementsOf(manifest: unknown): unknown[];
export declare function renderElement(element: unknown): string;
export declare function renderApi(manifest: unknown): string;
export declare function renderPage(manifest: unknown): string;
