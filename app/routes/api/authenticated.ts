// The layout of every /api/* endpoint that needs a restaurant session: its middleware
// answers 401 without one and puts the session in `apiAuthContext` for the endpoint.
// Public endpoints (signup, login, plans) and the table poll (decision 009: answered
// before the router with its own session check) sit outside it.
import { requireApiSession } from "~/modules/auth/guards.server";

export const middleware = [requireApiSession];
