-- wrk script of the gateway benchmark: POSTs the body in $WRK_BODY_FILE,
-- with a unique Authorization per request when $WRK_UNIQUE is 1 (else the
-- same one), and checks every response against $WRK_EXPECT_FILE byte for
-- byte. done() prints one line: RESULT requests bad p50_us p99_us seconds.

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

local body = slurp(os.getenv("WRK_BODY_FILE"))
local expected = slurp(os.getenv("WRK_EXPECT_FILE"))
local unique = os.getenv("WRK_UNIQUE") == "1"
local threads = {}
local n = 0
bad = 0

function setup(thread)
  table.insert(threads, thread)
end

function request()
  local auth = "Bearer shared-token"
  if unique then
    n = n + 1
    auth = "Bearer token-" .. n
  end
  return wrk.format("POST", "/graphql", {["Content-Type"] = "application/json", ["Authorization"] = auth}, body)
end

function response(status, headers, b)
  if status ~= 200 or b ~= expected then
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  local total_bad = 0
  for _, t in ipairs(threads) do
    total_bad = total_bad + t:get("bad")
  end
  io.write(string.format("RESULT %d %d %d %d %.3f %d\n", summary.requests, total_bad,
    latency:percentile(50), latency:percentile(99), summary.duration / 1e6,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
