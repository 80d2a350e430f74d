"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { returnFocusTo, useFocusReturn } from "@/components/ui/focus-return";

/** Every keyboard shortcut of the editor, in the order a newcomer needs them. */
export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ["Ctrl", "K"], what: "Search records and actions (⌘K on a Mac)" },
  { keys: ["?"], what: "Show this sheet" },
  { keys: ["↑", "↓"], what: "Move through search results, menus and lists" },
  { keys: ["Enter"], what: "Open the chosen result, or the panel of the focused node" },
  { keys: ["Escape"], what: "Close the dialog, menu or panel; back to the node" },
  { keys: ["Tab"], what: "Move to the next control; Shift+Tab goes back" },
  { keys: ["←", "→", "↑", "↓"], what: "On the canvas: move between nodes" },
  { keys: ["Delete"], what: "Remove the selected handoff; on a selected record, ask to delete it" },
  { keys: ["Ctrl", "Z"], what: "Undo the last edit" },
  { keys: ["Ctrl", "Y"], what: "Redo (also Ctrl+Shift+Z)" },
];

/** The shortcut sheet, opened with `?` outside text fields, or from the palette. */
export function ShortcutSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Opened by `?` or from the palette, never by a trigger: closing it gives focus back to where the user was.
  const before = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          data-testid="shortcut-sheet"
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocusTo(before)}
          className="fixed left-1/2 top-20 z-50 w-[30rem] max-w-[92vw] -translate-x-1/2 rounded-lg bg-white p-4 text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              Close
            </Dialog.Close>
          </div>
          <table className="w-full text-sm">
            <tbody>
              {SHORTCUTS.map((s) => (
                <tr key={s.what} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="whitespace-nowrap py-1.5 pr-4">
                    {s.keys.map((k) => (
                      <kbd
                        key={k}
                        className="mr-1 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
                      >
                        {k}
                      </kbd>
                    ))}
                  </td>
                  <td className="py-1.5">{s.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
