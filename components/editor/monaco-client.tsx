"use client";

import "./monaco-env";
import Editor, { loader, type OnMount } from "@monaco-editor/react";
import * as monaco from "monaco-editor";
import { useEffect, useRef, useState } from "react";
import { markersFor } from "@/lib/editor/json-markers";
import type { CodeEditorProps } from "./code-editor";

// The loader would fetch Monaco from a CDN; hand it the bundled copy instead.
loader.config({ monaco });

const registeredSchemas = new Map<string, object>();

function registerSchema(uri: string, fileMatch: string, schema: object) {
  registeredSchemas.set(uri, { uri, fileMatch: [fileMatch], schema });
  monaco.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [...registeredSchemas.values()] as never,
  });
}

export default function MonacoClient({
  language,
  value,
  onChange,
  schema,
  modelPath,
  problems = [],
  height = "60vh",
  readOnly,
  dark,
}: CodeEditorProps) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  // The editor mounts after the first render's effects: the markers are set again once it is there.
  const [mounted, setMounted] = useState(false);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    setMounted(true);
    (window as unknown as { __studioMonaco?: typeof monaco }).__studioMonaco = monaco;
  };

  useEffect(() => {
    if (schema && modelPath) registerSchema(`${modelPath}.schema`, modelPath, schema);
  }, [schema, modelPath]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the markers follow the text and the editor's mount, read through the ref
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || language !== "json") return;
    const markers = markersFor(model.getValue(), problems).map((m) => {
      const start = model.getPositionAt(m.offset);
      const end = model.getPositionAt(m.offset + m.length);
      return {
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
        message: m.message,
        source: m.source,
        severity: m.severity === "error" ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      };
    });
    monaco.editor.setModelMarkers(model, "construct-studio", markers);
  }, [problems, value, language, mounted]);

  return (
    <Editor
      height={height}
      language={language}
      path={modelPath}
      value={value}
      theme={dark ? "vs-dark" : "vs"}
      onMount={onMount}
      onChange={(v) => onChange?.(v ?? "")}
      options={{
        minimap: { enabled: false },
        automaticLayout: true,
        readOnly,
        fontSize: 12,
        // A long description or glob stays in view in the narrow panel; wrapped JSON keeps its indent.
        wordWrap: "on",
        wrappingIndent: "indent",
        scrollBeyondLastLine: false,
        tabSize: 2,
      }}
    />
  );
}
