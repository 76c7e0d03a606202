// What every problem's test parser promises, for the *_test_file fuzz targets: a text
// it refuses is a judge error whose message says it is the test file's fault, never a
// verdict about the contestant and never any other exception.
#pragma once

#include <exception>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "interactor.hpp"

namespace interactor_fuzz {

inline constexpr std::string_view kTestFileName = "fuzz.in";

// Runs `parse` on the test file; returns true if it parsed, false after checking its
// refusal.
template <typename Parse>
bool parse_or_refuse(Parse&& parse) {
  try {
    parse();
    return true;
  } catch (const interactor::Finish& finish) {
    check_finish(finish);
    FUZZ_CHECK(finish.outcome == interactor::Outcome::judge_error, "a broken test file must be JE: {}",
               describe(finish));
    FUZZ_CHECK(finish.message.starts_with(fmt::format("test file {}: ", kTestFileName)),
               "the message does not name the test file: {}", describe(finish));
  } catch (const std::exception& error) {
    fail("the test parser throws only verdicts", error.what());
  }
  return false;
}

// True when `values` is a permutation of 1..n.
template <typename Values>
bool is_permutation_of_1_to_n(const Values& values, std::size_t n) {
  if (values.size() != n) return false;
  std::string seen(n + 1, '\0');
  for (const auto value : values) {
    if (value < 1 || static_cast<std::size_t>(value) > n || seen[static_cast<std::size_t>(value)] != 0) return false;
    seen[static_cast<std::size_t>(value)] = 1;
  }
  return true;
}

}  // namespace interactor_fuzz
