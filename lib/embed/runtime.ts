import type { EmbedRuntime, RuntimeResolution } from "@/schemas/embed";

export type RuntimeEnv = {
  modelBaseUrl?: string;
  model?: string;
  externalHost?: string;
};

const present = (value: string | undefined) => typeof value === "string" && value.trim() !== "";

export function modelConfigured(env: RuntimeEnv): boolean {
  return present(env.modelBaseUrl) && present(env.model);
}

export function externalConfigured(env: RuntimeEnv): boolean {
  return present(env.externalHost);
}

const MODEL_MISSING = "set CONSTRUCT_MODEL_BASE_URL and CONSTRUCT_MODEL (an OpenAI-compatible endpoint)";
const HOST_MISSING = "set CONSTRUCT_EXTERNAL_AGENT_HOST";

/** A missing dependency resolves to `none`, so the skip is honest and says what to configure. */
export function resolveRuntime(declared: EmbedRuntime, env: RuntimeEnv): RuntimeResolution {
  const model = modelConfigured(env);
  const host = externalConfigured(env);
  const none = (message: string): RuntimeResolution => ({ declared, resolved: "none", code: "no-runtime", message });
  switch (declared) {
    case "in-process":
      return model
        ? { declared, resolved: "in-process", message: `model ${env.model} at ${env.modelBaseUrl}` }
        : none(`in-process needs a model provider: ${MODEL_MISSING}`);
    case "external":
      return host
        ? { declared, resolved: "external", message: `external agent host ${env.externalHost}` }
        : none(`external needs an agent host: ${HOST_MISSING}`);
    case "none":
      return none("the runtime is set to none: the capability never reasons");
    case "auto":
      if (model)
        return {
          declared,
          resolved: "in-process",
          message: `a model provider is configured (model ${env.model} at ${env.modelBaseUrl})`,
        };
      if (host)
        return {
          declared,
          resolved: "external",
          message: `no model provider; external agent host ${env.externalHost}`,
        };
      return none(`no model provider and no external host: ${MODEL_MISSING}, or ${HOST_MISSING}`);
  }
}
