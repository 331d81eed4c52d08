// Types of scripts/docs-from-manifest.js, for the Node test that imports it.
export declare const START: string;
export declare const END: string;
export declare function elementsOf(manifest: unknown): unknown[];
export declare function renderElement(element: unknown): string;
export declare function renderApi(manifest: unknown): string;
export declare function replaceRegion(readme: string, generated: string): string | undefined;
