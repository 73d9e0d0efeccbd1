import type { Config } from "@react-router/dev/config";

// The second bare peer: Lomda's home page drawn element for element by React Router alone.
export default { appDirectory: "app", ssr: true } satisfies Config;
