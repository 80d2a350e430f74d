/** With `CONSTRUCT_TEST_FAULTS=1`: announces the point on stderr and hangs, for a fault test's `kill -9`. */
export async function faultPoint(name: string): Promise<void> {
  if (process.env.CONSTRUCT_TEST_FAULTS !== "1") return;
  if (process.env.CONSTRUCT_FAULT_POINT !== name) return;
  process.stderr.write(`FAULT_POINT_REACHED ${name}\n`);
  // A pending promise alone does not keep Node alive; a timer does, until the test kills us.
  await new Promise(() => setInterval(() => {}, 1 << 30));
}
