import { redirect } from "react-router";

// Any unknown public path goes to the home page (/app/* and /api/* have their own 404s).
export function loader() {
  throw redirect("/");
}

export function action() {
  throw redirect("/");
}
