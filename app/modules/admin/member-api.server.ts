import { apiError } from "~/utils/http.server";
import { MEMBER_NOT_FOUND } from "./member-rules";
import { MemberIdSchema } from "./member-schemas";

/** A member id in an /api/admin/customers/{id} address: anything but a positive integer is a missing member (404). */
export function memberIdParam(raw: string | undefined): number {
  const parsed = MemberIdSchema.safeParse(raw);
  if (!parsed.success) throw apiError(404, MEMBER_NOT_FOUND);
  return parsed.data;
}
