/** Where the user's pick is kept; absent means "follow the system". */
export const THEME_KEY = "construct-studio-theme";

// Inlined in <head> so the first paint has the right theme; tiny and dependency-free for that reason.
const SCRIPT = `(function(){try{var s=localStorage.getItem(${JSON.stringify(THEME_KEY)});var d=s==="dark"||(s!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);var e=document.documentElement;e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light"}catch(_){}})()`;

export function ThemeScript() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, inlined so it runs before first paint.
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
