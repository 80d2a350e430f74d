"use client";

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

function fromNow(iso: string): string {
  const diff = new Date(iso).getTime() - Date.now();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === "second") return relative.format(Math.round(diff / ms), unit);
  }
  return iso;
}

/** "in 2 hours", with the exact UTC time on hover; the server and the browser may differ by a second. */
export function When({ at, testId }: { at: string; testId?: string }) {
  return (
    <time dateTime={at} title={at} data-testid={testId} suppressHydrationWarning>
      {fromNow(at)}
    </time>
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
