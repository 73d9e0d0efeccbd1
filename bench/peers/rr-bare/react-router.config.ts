import type { Config } from "@react-router/dev/config";

// The bare peer: React Router 8 framework mode with nothing of Lomda's (same versions, same build).
export default { appDirectory: "app", ssr: true } satisfies Config;
