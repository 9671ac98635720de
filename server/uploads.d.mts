export declare const UPLOAD_BODY_LIMIT_BYTES: number;
export declare const UPLOAD_PAGE_PATHS: readonly string[];
export declare function isUploadPost(pathname: string, contentType: string | null | undefined): boolean;
