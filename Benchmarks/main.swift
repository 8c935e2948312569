print("NetworkingBenchmarks: see script/bench")
