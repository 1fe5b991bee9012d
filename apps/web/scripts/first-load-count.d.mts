export declare const GZIP_LEVEL: number;
export declare function gzipBytes(body: Uint8Array | string): number;
export declare function firstLoad(
  dist: string,
  routeChunkPrefix: string,
): { route: string; total: number; files: Array<{ file: string; gzip: number }> };
export declare function formatSize(bytes: number): string;
