import { setEmbedEnabled } from "@/lib/api/embed";

/** One capability on or off, without the query client: a page that draws from the server refreshes after. */
export const toggleCapability = (id: string, enable: boolean) => setEmbedEnabled(id, enable ? "enable" : "disable");
