/**
 * One chunk for the answers right after first paint: each `import()` chunk carries its own copy of
 * zod/mini's base class. Named exports: `import("zod/mini")` would keep all of zod's core (~60 kB gz).
 */
export { safeParse } from "zod/mini";
export { apiErrorBodySchema } from "@/schemas/api/error";
export { gitIgnoreFixSchema, gitIgnoreStatusSchema } from "@/schemas/api/git-ignore";
export { autoLayoutResponseSchema, layoutResponseSchema } from "@/schemas/api/layout";
export { listResponseSchema } from "@/schemas/api/org";
export { trustAnswerSchema } from "@/schemas/api/trust";
