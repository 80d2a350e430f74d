"use client";

import { Toaster as Sonner } from "sonner";
import { useTheme } from "@/components/editor/use-theme";

/*
 * Clear of the canvas's controls: above the minimap (bottom right, 150 px and its margin) where the
 * screen is wide enough to show it, above the zoom buttons (bottom left) on a phone, where the minimap
 * is hidden. globals.css centres the stack in the part of the screen the side panel leaves.
 */
const OFFSET = { bottom: 180 };
const MOBILE_OFFSET = { bottom: 112, left: 16, right: 16 };

/** sonner's toaster in the page's theme: toasts stack into one pile (hovered or focused, it opens). */
export function Toaster() {
  const [theme] = useTheme();
  return (
    <Sonner
      theme={theme}
      position="bottom-center"
      visibleToasts={3}
      gap={8}
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
      style={{ "--width": "min(28rem, var(--toast-room, 28rem))" } as React.CSSProperties}
    />
  );
}
