// A stand-in for an OpenAI-compatible model provider, on 127.0.0.1, for the browser tests and for
// trying the embed dashboard without a real model. It answers every chat completion with a JSON
// object that meets the output contract the prompt states ("Required fields: …", "… must be
// exactly one of: …"), plus one proposal, and records each request it received at GET /requests.
import http from "node:http";

const port = Number(process.env.STAND_IN_PORT ?? process.argv[2] ?? 3199);
const requests = [];

function answerFor(system) {
  const answer = {};
  const required = /Required fields: ([^\n]+)\./.exec(system)?.[1]?.split(/,\s*/) ?? [];
  for (const field of required) answer[field] = `stand-in ${field}`;
  for (const match of system.matchAll(/"([^"]+)" must be exactly one of: ([^\n]+)\./g))
    answer[match[1]] = match[2].split(/,\s*/)[0];
  const capability = /embedded capability "([^"]+)"/.exec(system)?.[1] ?? "capability";
  answer.proposals = [
    { title: `Review what ${capability} found`, detail: "Written by the stand-in model; nothing was applied." },
  ];
  return answer;
}

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/requests") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify(requests));
  }
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404);
      return res.end();
    }
    const parsed = JSON.parse(body);
    requests.push({ url: req.url, model: parsed.model, at: new Date().toISOString() });
    const system = parsed.messages?.find((m) => m.role === "system")?.content ?? "";
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: "stand-in",
        object: "chat.completion",
        model: parsed.model,
        choices: [
          {
            index: 0,
            finish_reason: "stop",
            message: { role: "assistant", content: JSON.stringify(answerFor(system)) },
          },
        ],
      }),
    );
  });
});
server.listen(port, "127.0.0.1", () => console.log(`stand-in model on http://127.0.0.1:${port}/v1`));
