/** Runs once when the server starts (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startupChecks } = await import("./server/startup");
  await startupChecks();
  const { startEmbedScheduler } = await import("./server/services");
  startEmbedScheduler();
}
