import { apiFetch } from "@/lib/api-client";

const answerSchema = async () => (await import("./parse")).trustAnswerSchema;

/** Trusts the project's own Construct install, so its validators check records too. */
export async function trustConstruct() {
  return (await apiFetch("/api/construct/trust", answerSchema, { method: "POST", body: {} })).data;
}
