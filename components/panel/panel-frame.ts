/**
 * The side panel's frame: beside the canvas from `md` up; on a narrow screen it covers the canvas
 * (inside the editor's body, under the header) rather than squeezing it to a sliver beside the form.
 */
export const PANEL_FRAME =
  "absolute inset-0 z-10 flex flex-col border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950 md:static md:h-full md:w-[30rem] md:max-w-[45vw] md:border-l";
