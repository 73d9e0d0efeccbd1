/**
 * The business's own public details (phone, email, address), edited in content/site.ts. Not a
 * server module: the footer and the forms show them in the browser too.
 */
export { site } from "../../content/site.ts";
