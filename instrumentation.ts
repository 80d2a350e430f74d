/** Runs once when the server starts (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startupChecks } = await import("./server/startup");
  await startupChecks();
  // A build renders pages in workers that also run this hook; ticking belongs to a serving process.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startEmbedScheduler } = await import("./server/services");
  startEmbedScheduler();
}
