// egg-drop-moves TEST_FILE TRANSCRIPT: recomputes the moves of an interaction from its
// transcript (transcript_moves.hpp) and the test's P, independently of the interactor,
// and prints them as one JSON object:
//   {"moves": M, "drops": D, "floors_travelled": F, "direction_changes": C}
// Exit status 0; 2 if the test file or the transcript cannot be used (message on stderr).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "interactor.hpp"
#include "test_format.hpp"
#include "transcript_moves.hpp"

namespace {

constexpr int kExitUsage = 2;

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot read {}", path.string()));
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fputs("usage: egg-drop-moves TEST_FILE TRANSCRIPT\n", stderr);
    return kExitUsage;
  }
  try {
    interactor::TestFile file(argv[1]);
    const egg_drop::EggTest test = egg_drop::read_test(file);
    const egg_drop::MoveCount count = egg_drop::moves_from_transcript(read_file(argv[2]), test.n(), test.penalty);
    const nlohmann::ordered_json out = {{"moves", count.moves},
                                        {"drops", count.drops},
                                        {"floors_travelled", count.floors_travelled},
                                        {"direction_changes", count.direction_changes}};
    fmt::print("{}\n", out.dump());
  } catch (const interactor::Finish& broken_test) {
    fmt::print(stderr, "egg-drop-moves: {}\n", broken_test.message);
    return kExitUsage;
  } catch (const std::exception& error) {
    fmt::print(stderr, "egg-drop-moves: {}: {}\n", argv[2], error.what());
    return kExitUsage;
  }
  return 0;
}
