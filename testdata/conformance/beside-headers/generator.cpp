// `generator fixed N SECRET` writes one test: on the interactor library's generator frame
// (generator.hpp, as its docs point a generator to), with limits.hpp beside it.
#include <string>
#include <string_view>
#include <vector>

#include "generator.hpp"
#include "limits.hpp"

namespace {

std::string generate(const std::vector<std::string_view>& args) {
  if (args[0] != "fixed") throw interactor::GeneratorUsageError{"unknown command"};
  interactor::expect_argument_count(args, 2);
  const auto n = interactor::integer_argument(args[1], 1, max_n, "N");
  const auto secret = interactor::integer_argument(args[2], 1, n, "SECRET");
  return std::to_string(n) + " " + std::to_string(secret) + "\n";
}

}  // namespace

int main(int argc, char** argv) { return interactor::run_generator(argc, argv, "generator fixed N SECRET", generate); }
