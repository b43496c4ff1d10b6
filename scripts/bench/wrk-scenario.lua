-- The bench's load runner inside wrk (scripts/bench/wrk-runner.ts). Its one argument is a Lua file
-- written for the run, which returns { requests = {...}, key_prefix = "...", expected = 200 }.
-- Every request is one of `requests`, picked at random, with an Idempotency-Key no other request
-- of the run has: the prefix, the thread and a counter.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_number", #threads)
end

function init(args)
  scenario = dofile(args[1])
  math.randomseed(os.time() * 1000 + thread_number)
  sent = 0
  statuses = {}
  failures = {}
end

function request()
  sent = sent + 1
  local template = scenario.requests[math.random(#scenario.requests)]
  template.headers["idempotency-key"] = scenario.key_prefix .. "-" .. thread_number .. "-" .. sent
  return wrk.format(template.method, template.path, template.headers, template.body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status ~= scenario.expected and #failures < 5 then
    failures[#failures + 1] = { status = status, body = string.sub(body or "", 1, 300) }
  end
end

-- JSON by hand: wrk's LuaJIT has no JSON library, and only numbers and short strings go out.
local function json_string(s)
  return '"' .. string.gsub(s, '[%c"\\]', function(c) return string.format("\\u%04x", string.byte(c)) end) .. '"'
end

function done(summary, latency, requests)
  local counts, samples, total_sent = {}, {}, 0
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do counts[status] = (counts[status] or 0) + count end
    for _, failure in ipairs(thread:get("failures")) do
      if #samples < 5 then samples[#samples + 1] = '{"status":' .. failure.status .. ',"body":' .. json_string(failure.body) .. '}' end
    end
    total_sent = total_sent + thread:get("sent")
  end
  local status_parts = {}
  for status, count in pairs(counts) do status_parts[#status_parts + 1] = '"' .. status .. '":' .. count end
  local e = summary.errors
  io.write("WRK_RESULT {",
    '"durationMicros":', summary.duration, ',"completed":', summary.requests, ',"sent":', total_sent,
    ',"latencyMicros":{"p50":', latency:percentile(50), ',"p90":', latency:percentile(90), ',"p99":', latency:percentile(99),
    ',"max":', latency.max, ',"mean":', latency.mean, '}',
    ',"errors":{"connect":', e.connect, ',"read":', e.read, ',"write":', e.write, ',"timeout":', e.timeout, '}',
    ',"statusCodes":{', table.concat(status_parts, ","), '}',
    ',"sampleFailures":[', table.concat(samples, ","), ']}\n')
end
