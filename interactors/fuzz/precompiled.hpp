// The heavy headers nearly every fuzz object includes, precompiled once by
// scripts/fuzz.sh and forced into every compile (-include-pch): the fuzz build compiles
// about forty files with sanitizers, and parsing these in each was a large part of it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>
