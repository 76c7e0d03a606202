// What an interactor leaves in its feedback folder once it has ended
// (docs/problem-format.md): FEEDBACK_DIR/judgemessage.txt (why it decided as it did),
// teammessage.txt (what the contestant may read), score.txt (a scoring problem's
// score) and, optionally, result.json (the reason of a reject, whether the contestant's
// output ended first, queries, and problem facts). A result.json that cannot be used
// is reported (a JE for the interactor), never thrown.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "base/text_file.hpp"

#include "grade/verdict_rules.hpp"

namespace judge {

// Reads FEEDBACK_DIR/judgemessage.txt and result.json into a report; `raw_result`
// receives result.json as written (null if none or unusable).
InteractorReport read_interactor_report(const std::filesystem::path& feedback_dir,
                                        nlohmann::json& raw_result);

// Whether the interactor ended a probe pass: it left nextpass.in and its
// result.json says "probe": true.
bool is_probe_pass(const std::filesystem::path& feedback_dir);



}  // namespace judge
