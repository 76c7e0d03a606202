// `judge cache`: what the compile cache holds (--stats, the default) and emptying it
// (--clear). The cache itself: build_cache.hpp; where it is: cache_dir.hpp.
#pragma once

namespace judge {

struct CacheOptions {
  bool stats = false;
  bool clear = false;
};

// Exit 0; 2 (ConfigError) when the cache folder is refused or both options are given.
int run_cache_command(const CacheOptions& options);

}  // namespace judge
