import type { Route } from "./+types/admin-customers";
import { MembersQuerySchema } from "~/modules/admin/member-schemas";
import { listMembers, memberStats } from "~/modules/admin/members.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readQuery } from "~/utils/http.server";

/**
 * GET /api/admin/customers?filter=all|active|inactive|trial&page=1&page_size=25 (platform admin):
 * the spec's member fields (never a password hash), newest first, a page at a time (at most 100),
 * with the paging figures and the members' counts.
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { filter, page, page_size } = readQuery(new URL(request.url), MembersQuerySchema);
    const [list, stats] = await Promise.all([listMembers({ filter, page, pageSize: page_size }), memberStats()]);
    return { customers: list.members, filter, page, page_size, total: list.total, pages: list.pages, stats };
  });
}

export const action = () => methodNotAllowed("GET");
