#include "run/interactor_report.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

// A feedback folder with the files an interactor would leave.
struct Feedback {
  TempDir temp{"feedback-test-"};
  const fs::path& dir = temp.path();
  void write(const char* name, const std::string& text) const { std::ofstream(dir / name) << text; }
  InteractorReport read(nlohmann::json& raw) const { return read_interactor_report(dir, raw); }
};

TEST(InteractorReport, NoFilesGiveAnEmptyReport) {
  const Feedback feedback;
  nlohmann::json raw;
  const InteractorReport report = feedback.read(raw);
  EXPECT_TRUE(raw.is_null());
  EXPECT_EQ(report.message, "");
  EXPECT_FALSE(report.reason.has_value());
  EXPECT_EQ(report.malformed, "");
}

TEST(InteractorReport, JudgeMessageWinsOverResultJsonMessageWithoutTrailingNewlines) {
  const Feedback feedback;
  feedback.write("judgemessage.txt", "nut 3 fits bolt 5\r\n\n");
  feedback.write("result.json", R"({"verdict": "PE", "message": "other", "contestant_eof": false, "queries": 7})");
  nlohmann::json raw;
  const InteractorReport report = feedback.read(raw);
  EXPECT_EQ(report.message, "nut 3 fits bolt 5");
  EXPECT_EQ(report.reason, Verdict::PE);
  EXPECT_TRUE(report.contestant_eof_reported);
  EXPECT_FALSE(report.contestant_eof);
  EXPECT_EQ(raw["queries"], 7);
}

TEST(InteractorReport, ResultJsonMessageServesWhenThereIsNoJudgeMessage) {
  const Feedback feedback;
  feedback.write("result.json", R"({"message": "from json"})");
  nlohmann::json raw;
  EXPECT_EQ(feedback.read(raw).message, "from json");
}

TEST(InteractorReport, UnusableResultJsonIsReportedNotThrown) {
  const std::pair<const char*, const char*> cases[] = {
      {"{not json", "not valid JSON"},
      {"[1, 2]", "not a JSON object"},
      {R"({"verdict": "TLE"})", "must be AC, WA, PE or QLE"},
      {R"({"verdict": 3})", "must be AC, WA, PE or QLE"},
      {R"({"contestant_eof": "yes"})", "must be true or false"},
  };
  for (const auto& [text, fragment] : cases) {
    const Feedback feedback;
    feedback.write("result.json", text);
    nlohmann::json raw;
    const InteractorReport report = feedback.read(raw);
    EXPECT_NE(report.malformed.find(fragment), std::string::npos) << text << " -> " << report.malformed;
  }
}

TEST(InteractorReport, AProbePassNeedsNextpassAndTheProbeFlag) {
  const Feedback feedback;
  EXPECT_FALSE(is_probe_pass(feedback.dir));
  feedback.write("result.json", R"({"probe": true})");
  EXPECT_FALSE(is_probe_pass(feedback.dir));
  feedback.write("nextpass.in", "1\n");
  EXPECT_TRUE(is_probe_pass(feedback.dir));
  feedback.write("result.json", R"({"probe": false})");
  EXPECT_FALSE(is_probe_pass(feedback.dir));
}

}  // namespace
}  // namespace judge
