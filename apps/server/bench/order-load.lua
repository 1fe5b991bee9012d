-- wrk's script for the order bench (bench/order-load.ts writes the requests it replays): the requests come from a
-- file of lines "<path>\t<token>\t<body>", made by the TypeScript side from its seeded stream of random orders (the
-- same stream autocannon's driver sends); each line becomes one raw HTTP request once, at start, so a request costs
-- wrk a table lookup. The answers are counted by status, the first body of each status other than 201 kept; at the
-- end, one line per figure on stdout ("key<TAB>value"), read back by order-load.ts.
local requests = {}
local count = 0
local next_index = 0
statuses = {}
samples = {}

-- CPU time of this process (user + system, clock ticks) from /proc/self/stat: wrk's own cost, read before and after
local function cpu_ticks()
  local f = io.open("/proc/self/stat", "r")
  if not f then return -1 end
  local line = f:read("*l")
  f:close()
  -- the command name (field 2) is in parentheses; fields 14 and 15 are utime and stime
  local rest = line:match("%) (.*)$")
  local fields = {}
  for v in rest:gmatch("%S+") do fields[#fields + 1] = v end
  return tonumber(fields[12]) + tonumber(fields[13])
end

function init(args)
  local file = assert(io.open(args[1], "r"))
  for line in file:lines() do
    local path, token, body = line:match("^([^\t]+)\t([^\t]+)\t(.*)$")
    count = count + 1
    requests[count] = wrk.format("POST", path,
      { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
  end
  file:close()
  -- a thread starts at its own place in the stream (one thread in the bench)
  next_index = tonumber(args[2] or "0") % count
  cpu_start = cpu_ticks()
end

function request()
  next_index = next_index + 1
  if next_index > count then next_index = 1 end
  return requests[next_index]
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status ~= 201 and samples[status] == nil then
    samples[status] = string.sub(string.gsub(body or "", "[\t\r\n]", " "), 1, 300)
  end
end

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency, requests_)
  local out = {}
  local function put(k, v) out[#out + 1] = k .. "\t" .. tostring(v) end
  put("duration_us", summary.duration)
  put("requests", summary.requests)
  put("bytes", summary.bytes)
  put("errors", summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout)
  put("p50_us", latency:percentile(50))
  put("p90_us", latency:percentile(90))
  put("p99_us", latency:percentile(99))
  put("max_us", latency.max)
  put("mean_us", latency.mean)
  local cpu = 0
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do put("status." .. status, n) end
    for status, body in pairs(thread:get("samples")) do put("sample." .. status, body) end
    cpu = thread:get("cpu_start")
  end
  put("cpu_ticks", cpu_ticks() - cpu)
  io.write(table.concat(out, "\n") .. "\n")
end
