-- Prints draws of sysbench's worker-thread RNG for TAF's RandomSource known-answer test.
function thread_init()
  local out = {}
  for i = 1, 4 do
    out[#out+1] = "raw " .. tostring(sysbench.rand.uniform_uint64()):gsub("ULL", "")
  end
  for i = 1, 2000 do
    out[#out+1] = "default " .. tostring(sysbench.rand.default(1, 10000))
  end
  for i = 1, 20 do
    out[#out+1] = "uniform " .. tostring(sysbench.rand.uniform(1, 4))
  end
  for i = 1, 3 do
    out[#out+1] = "string " .. sysbench.rand.string("###########-###########-###########-###########-###########-###########-###########-###########-###########-###########")
  end
  io.write(table.concat(out, "\n"), "\n")
end
function event() end
