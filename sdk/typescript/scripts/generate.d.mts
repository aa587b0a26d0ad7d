/** Types of scripts/generate.mjs, for the test that checks the generated files are current. */
export declare const SDK_DIR: string;
export declare const OPENAPI_PATH: string;
export declare const TYPES_PATH: string;
export declare const VERSION_PATH: string;
export declare const REGENERATE_COMMAND: string;
export declare function renderOpenApiTypes(openapiPath?: string): Promise<string>;
export declare function renderVersion(packageJsonPath?: string): string;
export declare function renderAll(): Promise<Array<{ path: string; text: string }>>;
