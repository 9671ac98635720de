// Which page posts may carry a file (decision 039). Every other page form is read by
// the edge into memory, at most 64 KB; a multipart post to one of these paths streams
// to its route instead, whose reader (app/utils/uploads.server.ts) has the larger limit
// below and refuses more with 413. The root middleware skips its pre-parse for them.

/** A photo of up to 10 MB plus the form's other fields and the multipart framing. */
export const UPLOAD_BODY_LIMIT_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/** Page paths whose action reads uploads. */
export const UPLOAD_PAGE_PATHS = ["/app/menu-management", "/admin/cms"];

const MULTIPART = /^multipart\/form-data\s*;/i;

/** Whether a page post is a multipart upload to one of UPLOAD_PAGE_PATHS (also as a `.data` request of React Router). */
export function isUploadPost(pathname, contentType) {
  if (!MULTIPART.test(contentType ?? "")) return false;
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return UPLOAD_PAGE_PATHS.includes(path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);
}
