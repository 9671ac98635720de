import { redirect } from "react-router";

/** /admin: the dashboard (the layout's guard has already sent visitors without a session to the login). */
export function loader() {
  throw redirect("/admin/dashboard");
}
