// The layout of /api/admin/* and /api/cms/*: its middleware answers 401 without an admin
// session and 403 to a restaurant's, and puts the admin in `adminAuthContext`.
import { requireAdminApi } from "~/modules/admin/guards.server";

export const middleware = [requireAdminApi];
