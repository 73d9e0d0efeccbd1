import { data } from "react-router";

/** Any path no other route claims: the root error boundary renders the 404 page. */
export async function loader() {
  throw data("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
