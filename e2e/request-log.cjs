// Preloaded into a studio under test (NODE_OPTIONS="--require …/request-log.cjs"): the studio keeps
// no access log, and a browser test needs to know which of a hostile page's requests reached the
// server and what it answered, including the ones the page itself is not allowed to see.
// One line per answered request on stderr: STUDIO_REQUEST {"method","url","host","origin","site","status"}
const http = require("node:http");

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response, ...rest) {
  if (event === "request") {
    response.once("finish", () => {
      const h = request.headers;
      const line = {
        method: request.method,
        url: request.url,
        host: h.host ?? null,
        origin: h.origin ?? null,
        site: h["sec-fetch-site"] ?? null,
        status: response.statusCode,
      };
      process.stderr.write(`STUDIO_REQUEST ${JSON.stringify(line)}\n`);
    });
  }
  return emit.call(this, event, request, response, ...rest);
};
