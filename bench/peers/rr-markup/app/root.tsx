// The same document as the bare peer's: only the page differs.
export { default, Layout } from "../../rr-bare/app/root";
