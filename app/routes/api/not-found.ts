import { apiError, messages } from "~/utils/http.server";

/** Any /api/* path without a route. */
export const loader = () => apiError(404, messages.apiNotFound);
export const action = () => apiError(404, messages.apiNotFound);
