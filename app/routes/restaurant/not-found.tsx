import { data } from "react-router";

export function loader() {
  throw data({ message: "Aradığınız sayfa bulunamadı." }, { status: 404 });
}

export default function NotFound() {
  return null;
}
