export declare const PUBLIC_ROUTES: readonly string[];
export declare function initialScripts(html: string): string[];
