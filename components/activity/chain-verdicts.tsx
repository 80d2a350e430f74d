import type { ChainVerdict } from "@/schemas/activity";

/**
 * Whether each trail's hash chain holds: a broken one leads the page in red, naming the line, its
 * segment and the hash it should have carried, so nobody reads the records below as trustworthy first.
 */
export function ChainVerdicts({ trails }: { trails: ChainVerdict[] }) {
  return (
    <section aria-labelledby="chain-heading" className="mb-6" data-testid="chain-verdicts">
      <h2 id="chain-heading" className="sr-only">
        Hash chain
      </h2>
      {trails.map((t) =>
        t.ok ? (
          <p
            key={t.trail}
            data-testid="chain-ok"
            className="mb-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"
          >
            <span aria-hidden="true">✓ </span>
            Chain intact: <code>{t.trail}</code>, {t.verified.toLocaleString("en")} line(s) verified
            {t.legacy > 0 && `, ${t.legacy.toLocaleString("en")} before the last reset not checked`}
            {t.segments.length > 0 && ` across ${t.segments.length + 1} files`}.
          </p>
        ) : (
          <div
            key={t.trail}
            role="alert"
            data-testid="chain-broken"
            className="mb-2 rounded-lg border-2 border-red-600 bg-red-50 p-4 text-red-950 dark:border-red-500 dark:bg-red-950/60 dark:text-red-100"
          >
            <p className="text-lg font-semibold">
              <span aria-hidden="true">✗ </span>Chain broken: <code>{t.trail}</code>
            </p>
            <p className="text-sm">
              Records from the first broken line on may have been altered: read them as untrusted.
            </p>
            <ul className="mt-2 space-y-1 text-sm">
              {t.issues.map((i) => (
                <li key={`${i.file}:${i.line}`} data-testid="chain-issue">
                  <code className="font-semibold">
                    {i.file}, line {i.line}
                  </code>
                  : {i.reason}
                  {i.expected && (
                    <span className="block break-all text-xs">
                      expected previous hash <code>{i.expected}</code>
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {t.more > 0 && <p className="mt-1 text-sm">…and {t.more} more issue(s).</p>}
            <p className="mt-2 text-xs">
              <code>construct audit trail --verify</code> says: {t.construct.text}
            </p>
          </div>
        ),
      )}
    </section>
  );
}
