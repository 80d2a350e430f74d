"use client";

import { Toaster as Sonner } from "sonner";
import { useTheme } from "@/components/editor/use-theme";

/** sonner's toaster at the bottom centre, in the page's theme, every toast shown (not collapsed). */
export function Toaster() {
  const [theme] = useTheme();
  return (
    <Sonner
      theme={theme}
      position="bottom-center"
      expand
      visibleToasts={5}
      gap={8}
      style={{ "--width": "28rem" } as React.CSSProperties}
    />
  );
}
