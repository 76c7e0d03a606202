#include "batch/contest_package.hpp"

#include <minizip/zip.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "batch/contest_time.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

// A zip holding `entries` (name, bytes), as a CCS system writes files.zip.
void write_zip(const fs::path& path, const std::vector<std::pair<std::string, std::string>>& entries) {
  fs::create_directories(path.parent_path());
  zipFile zip = zipOpen64(path.c_str(), APPEND_STATUS_CREATE);
  ASSERT_NE(zip, nullptr);
  for (const auto& [name, bytes] : entries) {
    zip_fileinfo info{};
    ASSERT_EQ(zipOpenNewFileInZip64(zip, name.c_str(), &info, nullptr, 0, nullptr, 0, nullptr, Z_DEFLATED,
                                    Z_DEFAULT_COMPRESSION, 0),
              ZIP_OK);
    zipWriteInFileInZip(zip, bytes.data(), static_cast<unsigned>(bytes.size()));
    zipCloseFileInZip(zip);
  }
  zipClose(zip, nullptr);
}

TEST(ContestPackage, PenaltyTimeIsAReltimeOrMinutes) {
  EXPECT_EQ(penalty_minutes_of("0:20:00"), 20);
  EXPECT_EQ(penalty_minutes_of("1:05:00.000"), 65);
  EXPECT_EQ(penalty_minutes_of(20), 20);
  EXPECT_EQ(penalty_minutes_of("20"), 20);
  EXPECT_FALSE(penalty_minutes_of("0:20:30"));  // not whole minutes
  EXPECT_FALSE(penalty_minutes_of(-1));
  EXPECT_FALSE(penalty_minutes_of("soon"));
}

TEST(ContestPackage, ReadsContestYamlProblemsAndSubmissionsWithTheirZips) {
  const TempDir dir("contest-package-test-");
  const fs::path package = dir.path() / "wf";
  write(package / "contest.yaml", "id: wf\nname: Finals\nstart_time: 2026-11-29T10:00:00+01\npenalty_time: 20\n");
  write(package / "problems.yaml",
        "- id: nb\n  label: nuts-bolts\n- id: egg-drop\n  label: B\n- id: other\n  label: C\n");
  write(package / "submissions.json", R"([
    {"id": "1", "team_id": "t1", "problem_id": "nb", "language_id": "cpp", "time": "2026-11-29T09:17:00Z",
     "files": [{"filename": "files.zip", "mime": "application/zip"}]},
    {"id": "2", "team_id": "t2", "problem_id": "egg-drop", "language_id": "python3", "contest_time": "0:30:00.000",
     "files": [{"filename": "files.zip", "mime": "application/zip"}]},
    {"id": "3", "team_id": "t2", "problem_id": "other", "language_id": "cpp", "time": "2026-11-29T09:40:00Z",
     "files": [{"filename": "files.zip", "mime": "application/zip"}]},
    {"id": "4", "team_id": "t3", "problem_id": "nb", "language_id": "cpp", "time": "2026-11-29T09:41:00Z",
     "files": [{"filename": "files.zip", "mime": "application/zip"}]}])");
  write_zip(package / "submissions/1/files.zip", {{"a.cpp", "int main() {}\n"}});
  write_zip(package / "submissions/2/files.zip", {{"main.py", "print()\n"}});
  write_zip(package / "submissions/3/files.zip", {{"x.cpp", ""}});
  write_zip(package / "submissions/4/files.zip", {{"a.cpp", ""}, {"b.cpp", ""}});  // two files: skipped
  ASSERT_TRUE(is_contest_package(package));
  ContestInfo contest;
  std::vector<std::string> warnings;
  const auto found =
      read_contest_package(package, {"nuts-bolts", "egg-drop"}, {}, warnings, contest, dir.path() / "unpacked");
  EXPECT_EQ(contest.name, "Finals");
  EXPECT_EQ(contest.start_ms, parse_abstime("2026-11-29T09:00:00Z"));
  EXPECT_EQ(contest.penalty_minutes, 20);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].problem, "nuts-bolts");  // by its label
  EXPECT_EQ(found[0].participant, "t1");
  EXPECT_EQ(found[0].id, "1");
  EXPECT_EQ(found[0].time_ms, parse_abstime("2026-11-29T09:17:00Z"));
  EXPECT_EQ(read_file(found[0].path), "int main() {}\n");
  EXPECT_EQ(found[0].path, dir.path() / "unpacked/1/a.cpp");
  EXPECT_EQ(found[1].problem, "egg-drop");
  EXPECT_EQ(found[1].time_ms, *contest.start_ms + 30 * 60000);  // from its contest_time
  EXPECT_EQ(found[1].language, "python3");
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].find("skipped submission 4"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[1].find("problems other"), std::string::npos) << warnings[1];
}

TEST(ContestPackage, AZipEntryBeneathAFolderIsRefused) {
  const TempDir dir("contest-package-test-");
  write_zip(dir.path() / "files.zip", {{"../evil.cpp", "x"}});
  EXPECT_THROW(unpack_zip(dir.path() / "files.zip", dir.path() / "out"), ConfigError);
  EXPECT_FALSE(fs::exists(dir.path() / "evil.cpp"));
  write(dir.path() / "not.zip", "plain text");
  EXPECT_THROW(unpack_zip(dir.path() / "not.zip", dir.path() / "out2"), ConfigError);
}

TEST(ContestPackage, ASubmissionWithoutTeamOrProblemIsAnErrorThatSaysWhere) {
  const TempDir dir("contest-package-test-");
  write(dir.path() / "contest.json", R"({"id": "c", "name": "C"})");
  write(dir.path() / "submissions.json", R"([{"id": "1", "problem_id": "p"}])");
  ContestInfo contest;
  std::vector<std::string> warnings;
  try {
    read_contest_package(dir.path(), {"p"}, {}, warnings, contest, dir.path() / "unpacked");
    FAIL() << "accepted a submission without a team";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("submissions.json: [0]: needs an \"id\", a \"team_id\""),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace judge
