// Types of scripts/react-types-from-manifest.js, for the Node test that imports it.
export declare function propertiesOf(element: unknown): string[];
export declare function attributesOf(element: unknown): { name: string; type: string }[];
export declare function renderReactTypes(manifest: unknown): string;
export declare function reactTypes(manifest: unknown, out?: string): Promise<string>;
