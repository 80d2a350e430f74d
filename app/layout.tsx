import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ThemeScript } from "@/components/ui/theme-script";
import { edgeColorCss } from "@/schemas/edge-kinds";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Construct Studio", template: "%s · Construct Studio" },
  description: "Edit the org your AI specialists run on: specialists, teams, contracts, fences.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets <html>'s class and color-scheme before hydration, on purpose.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a stylesheet built from constants, no user input */}
        <style dangerouslySetInnerHTML={{ __html: edgeColorCss() }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {/* The first Tab stop: past the header and toolbar to the page's content (on the editor, the canvas). */}
        <a
          href="#main"
          className="sr-only z-50 rounded bg-[var(--surface)] px-3 py-2 text-sm font-medium text-[var(--accent)] shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
