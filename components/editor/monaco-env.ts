// Monaco's own worker URLs do not survive Turbopack; creating each worker from a module URL makes
// the bundler emit it as a chunk of this app (no CDN, no blob tricks).
self.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string): Worker {
    if (label === "json")
      return new Worker(new URL("monaco-editor/language/json/json.worker.js", import.meta.url), { type: "module" });
    return new Worker(new URL("monaco-editor/editor/editor.worker.js", import.meta.url), { type: "module" });
  },
};

export {};
