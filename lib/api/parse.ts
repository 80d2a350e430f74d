/**
 * What `apiFetch` needs to read the answers the editor asks for right after its first paint (the
 * lists, the layouts, an error), loaded with the first of them, in one chunk: every `import()`
 * chunk carries its own copy of zod/mini's base class, so one chunk for these instead of four.
 *
 * Named exports, never `import("zod/mini")`: a dynamic import keeps a module's whole namespace,
 * and zod/mini's re-exports all of zod's core and its JSON Schema code (about 60 kB gz).
 */
export { safeParse } from "zod/mini";
export { apiErrorBodySchema } from "@/schemas/api/error";
export { autoLayoutResponseSchema, layoutResponseSchema } from "@/schemas/api/layout";
export { listResponseSchema } from "@/schemas/api/org";
